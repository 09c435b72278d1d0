// wallet.paymentDetails, wallet.startMobileMoneyTopUp and wallet.topUp: where to pay, a push payment to the
// payer's phone (as POST /v1/wallet/top-ups with a provider), and one top-up to follow it.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, idempotentRequest } from '../../idempotency.ts';
import * as details from '../../../core/app/payments/payment-details.ts';
import * as push from '../../../core/app/payments/start-push-payment.ts';
import * as oneTopUp from '../../../core/app/wallet/top-ups/get-top-up.ts';
import { MOBILE_MONEY_PROVIDERS } from '../../../core/domain/mobile-money.ts';
import { ZStartPushTopUpBody } from '../../../core/inputs/wallet.ts';
import { ZTopUp, ZTopUpOutput } from './outputs.ts';

export const paymentDetails = memberProcedure
  .output(
    z.strictObject({
      paybill_number: z.string(),
      account_reference: z.string(),
      providers: z.array(z.strictObject({ id: z.enum(MOBILE_MONEY_PROVIDERS), name: z.string() })),
      simulated: z.boolean(),
    }),
  )
  .query(({ ctx }) => asMember(ctx.actor, details.access, () => details.paymentDetails(ctx.ctx, ctx.actor)));

export const startMobileMoneyTopUp = memberProcedure
  .input(ZStartPushTopUpBody.omit({ method: true }).extend({ idempotencyKey: ZIdempotencyKey }))
  .output(ZTopUpOutput)
  .mutation(({ ctx, input, path }) =>
    asMember(ctx.actor, push.access, () => {
      const { idempotencyKey: _key, ...body } = input;
      return push.startPushPayment(ctx.ctx, ctx.actor, { method: 'mobile_money', ...body }, idempotentRequest(ctx.actor, path, input));
    }),
  );

export const topUp = memberProcedure
  .input(z.strictObject({ id: z.string().max(100) }))
  .output(z.strictObject({ top_up: ZTopUp }))
  .query(({ ctx, input }) => asMember(ctx.actor, oneTopUp.access, () => oneTopUp.getTopUp(ctx.ctx, ctx.actor, input.id)));
