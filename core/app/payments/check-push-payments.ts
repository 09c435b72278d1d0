// The status task's work (task top_up_status, each minute; `ops top-ups check`): every push payment waiting
// past its time is asked about and settled by the answer (paid, failed), asked again later with a growing gap
// (pending, no answer), failed when the aggregator never received it, and expired after a day.
import type { Ctx } from '../context.ts';
import { FIRST_STATUS_CHECK_MS, PUSH_EXPIRES_AFTER_MS, nextStatusCheckAt } from '../../domain/mobile-money.ts';
import { duePushTopUps, recordStatusCheck } from '../../db/payments/push-payments.ts';
import { findTopUpRequest } from '../../db/top-ups/top-up-requests.ts';
import { inTransaction } from '../context.ts';
import { creditPushPayment } from './credit-payment.ts';
import { endPushPayment } from './end-push-payment.ts';
import { requireGateway } from './gateway.ts';

/** Payments asked about in one run at most (each is one call to the aggregator). */
export const STATUS_CHECKS_PER_RUN = 100;

export interface CheckSummary {
  asked: number;
  credited: number;
  failed: number;
  expired: number;
  waiting: number;
}

export async function checkPushPayments(ctx: Ctx, limit = STATUS_CHECKS_PER_RUN): Promise<CheckSummary> {
  const summary: CheckSummary = { asked: 0, credited: 0, failed: 0, expired: 0, waiting: 0 };
  const ids = await duePushTopUps(ctx.em, ctx.now, limit);
  if (ids.length === 0) return summary;
  const gateway = requireGateway(ctx);
  for (const id of ids) {
    const request = await findTopUpRequest(ctx.em, id);
    if (!request || request.status !== 'pending') continue;
    summary.asked += 1;
    const answer = await gateway.status({ transactionId: request.transactionId, externalId: request.id, provider: request.provider });
    const by = { id };
    if (answer.kind === 'paid') {
      const credited = await creditPushPayment(ctx, { by, transactionId: answer.transactionId, amountTzs: answer.amountTzs, payerPhone: null, source: 'status' });
      if (credited.kind === 'credited') summary.credited += 1;
      continue;
    }
    if (answer.kind === 'failed') {
      if ((await endPushPayment(ctx, by, { event: 'fail', code: answer.code, reason: answer.reason, source: 'status' })) === 'failed') summary.failed += 1;
      continue;
    }
    const age = ctx.now.getTime() - request.createdAt.getTime();
    // A checkout never answered, unknown to the aggregator twice, the second time well after it could have
    // reached it: never received.
    if (answer.kind === 'not_found' && request.transactionId === null && request.statusChecks >= 1 && age >= 2 * FIRST_STATUS_CHECK_MS) {
      const reason = 'The payment service never received this payment request; nothing was paid.';
      if ((await endPushPayment(ctx, by, { event: 'fail', code: 'not_received', reason, source: 'status' })) === 'failed') summary.failed += 1;
      continue;
    }
    if (age >= PUSH_EXPIRES_AFTER_MS) {
      const reason = 'No answer from the payment service in a day; if the payer was charged, the payment is credited when it is confirmed.';
      if ((await endPushPayment(ctx, by, { event: 'expire', code: 'expired', reason, source: 'timer' })) === 'expired') summary.expired += 1;
      continue;
    }
    const error = answer.kind === 'no_answer' ? answer.reason : answer.kind === 'not_found' ? 'not known to the payment service yet' : null;
    await inTransaction(ctx, async (tx) => {
      const locked = await findTopUpRequest(tx.em, id, { lock: true });
      if (locked?.status === 'pending') await recordStatusCheck(tx.em, locked, { next: nextStatusCheckAt(locked.createdAt, tx.now, locked.statusChecks + 1), error, at: tx.now });
    });
    summary.waiting += 1;
  }
  return summary;
}
