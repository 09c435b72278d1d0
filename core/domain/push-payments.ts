// A push payment's answers as rules: what a payment the aggregator proves does to the top-up it pays (credited,
// and what the operator must look at), and what a failure or an expiry does.
import { fail, ok, type Result } from './errors.ts';
import { decideTopUp, type TopUpStatus } from './top-up-requests.ts';

/** What a credited push payment may leave for the operator to look at. */
export const TOP_UP_FLAGS = ['amount_differs', 'paid_after_failure', 'paid_after_expiry'] as const;
export type TopUpFlag = (typeof TOP_UP_FLAGS)[number];

/** Whole shillings as cents (the aggregators speak TZS without cents; the ledger speaks cents). */
export const tzsToCents = (tzs: number): bigint => BigInt(tzs) * 100n;

export interface PaidOutcome {
  status: TopUpStatus;
  /** What is credited: what was paid, whatever was asked. */
  credited: bigint;
  flag: TopUpFlag | null;
}

/**
 * A payment the aggregator proves: what was paid is credited (the payer's money is in our account whatever was
 * asked), and a difference, or a payment after the top-up was given up as failed or expired, is flagged for the
 * operator; a difference in amount is the flag kept when both apply, as it is the one that moves money.
 */
export function payTopUp(topUp: { status: TopUpStatus; amount: bigint }, paidCents: bigint): Result<PaidOutcome> {
  if (paidCents <= 0n) return fail('validation_failed', 'A payment of nothing credits nothing.', { field: 'amount' });
  const decided = decideTopUp(topUp.status, 'pay');
  if (!decided.ok) return decided;
  const flag: TopUpFlag | null =
    paidCents !== topUp.amount ? 'amount_differs' : topUp.status === 'failed' ? 'paid_after_failure' : topUp.status === 'expired' ? 'paid_after_expiry' : null;
  return ok({ status: decided.value, credited: paidCents, flag });
}
