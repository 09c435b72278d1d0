// webhooks.createEndpoint: a new endpoint, its signing secret in the answer once, as POST /v1/webhook-endpoints.
import { ZSecretOnce } from '../../outputs.ts';
import type { Ctx } from '../../../core/app/context.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, createEndpoint as run } from '../../../core/app/webhooks/save-endpoint.ts';
import { ZEndpointAnswer } from './outputs.ts';
import { ZCreateEndpointBody } from '../../../core/inputs/webhooks.ts';

export const createEndpoint = memberProcedure
  .input(ZCreateEndpointBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZEndpointAnswer.extend(ZSecretOnce))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    const effect = async (tx: Ctx) => ({ ...(await run(tx, ctx.actor, body)), secret_shown: true });
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'webhooks.createEndpoint', input, effect, { revealsSecret: true }));
  });
