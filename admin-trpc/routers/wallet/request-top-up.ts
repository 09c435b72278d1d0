// wallet.requestTopUp: tell the service a payment was made and ask for a credit, as POST /v1/wallet/top-ups.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, requestTopUp as run } from '../../../core/app/wallet/top-ups/request-top-up.ts';
import { ZTopUpOutput } from './outputs.ts';
import { ZRequestTopUpBody } from '../../../core/inputs/wallet.ts';

export const requestTopUp = memberProcedure
  .input(ZRequestTopUpBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZTopUpOutput)
  .mutation(({ ctx, input }) =>
    asMember(ctx.actor, access, () => {
      const { idempotencyKey: _key, ...body } = input;
      return once(ctx.ctx, ctx.actor, 'wallet.requestTopUp', input, (tx) => run(tx, ctx.actor, body));
    }),
  );
