// A push payment that ends unpaid: failed (the aggregator says so, or never received it) or expired (no answer
// in a day). Only a pending one ends so; a paid one stays credited whatever is said after.
import type { Ctx } from '../context.ts';
import type { PushFailure } from '../../domain/mobile-money.ts';
import { inTransaction } from '../context.ts';
import { decideTopUp } from '../../domain/top-up-requests.ts';
import { lockPushTopUp, markPushUnpaid } from '../../db/payments/push-payments.ts';
import { recordAudit } from '../audit/record-audit.ts';

export type EndOutcome = 'failed' | 'expired' | 'unchanged' | 'unknown';

export function endPushPayment(
  ctx: Ctx,
  by: { id: string } | { transactionId: string },
  end: { event: 'fail' | 'expire'; code: PushFailure; reason: string; source: 'callback' | 'status' | 'checkout' | 'timer' },
): Promise<EndOutcome> {
  return inTransaction(ctx, async (tx) => {
    const request = await lockPushTopUp(tx.em, by);
    if (!request) return 'unknown';
    if (request.status !== 'pending') return 'unchanged';
    const decided = decideTopUp(request.status, end.event);
    if (!decided.ok) return 'unchanged';
    await markPushUnpaid(tx.em, request, { status: decided.value, code: end.code, reason: end.reason, at: tx.now });
    await recordAudit(tx, { actorType: 'system', actorId: null }, {
      organizationId: request.organizationId,
      action: end.event === 'fail' ? 'wallet.mobile_money_failed' : 'wallet.mobile_money_expired',
      targetType: 'top_up_request',
      targetId: request.id,
      details: { amount: Number(request.amount), code: end.code, reason: end.reason, source: end.source, transaction_id: request.transactionId },
    });
    return end.event === 'fail' ? 'failed' : 'expired';
  });
}
