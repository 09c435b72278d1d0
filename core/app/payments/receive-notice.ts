// POST /v1/payments/mobile-money/callback: the aggregator's notice of a payment. Trusted only once its signature
// over the raw body is proven; then the amount and the references are read from that proven body alone. A proven
// notice is answered 200 whatever it came to (credited, a duplicate, kept unmatched), so the aggregator stops
// sending it; an unproven one is 401 and leaves nothing.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { UUID_RE } from '../../db/ids.ts';
import { creditPaybillPayment, creditPushPayment, type CreditOutcome } from './credit-payment.ts';
import { endPushPayment, type EndOutcome } from './end-push-payment.ts';
import { requireGateway } from './gateway.ts';

export type NoticeOutcome = CreditOutcome['kind'] | EndOutcome;

export async function receiveMobileMoneyNotice(ctx: Ctx, headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<{ received: true; outcome: NoticeOutcome }> {
  const read = requireGateway(ctx).readNotice(headers, rawBody);
  if ('refused' in read) {
    if (read.refused.kind === 'malformed') throw new DomainError('validation_failed', read.refused.message, { field: 'body' });
    throw new DomainError('unauthorized', read.refused.message);
  }
  const { notice } = read;
  if (notice.kind === 'paybill') {
    const credited = await creditPaybillPayment(ctx, notice);
    return { received: true, outcome: credited.kind };
  }
  const by = UUID_RE.test(notice.externalId) ? { id: notice.externalId.toLowerCase() } : { transactionId: notice.transactionId };
  if (notice.failure) {
    const ended = await endPushPayment(ctx, by, { event: 'fail', code: notice.failure.code, reason: notice.failure.reason, source: 'callback' });
    return { received: true, outcome: ended };
  }
  const credited = await creditPushPayment(ctx, { by, transactionId: notice.transactionId, amountTzs: notice.amountTzs, payerPhone: notice.payerPhone, source: 'callback' });
  return { received: true, outcome: credited.kind };
}
