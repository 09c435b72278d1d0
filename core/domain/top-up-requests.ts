// Top-up requests as data: how much a member may say it paid, how it paid, and the one decision each request gets.
import { fail, ok, type Result } from './errors.ts';

/**
 * The most a single request may claim, in cents: TZS 1,000,000,000. Far above a mobile-money transfer or a
 * prepaid SMS budget, so it never stands in a real payer's way, yet a slipped digit (cents typed as a
 * count of millions) is refused before an operator has to read it. The operator's own credit allows more.
 */
export const MAX_TOP_UP_REQUEST_CENTS = 100_000_000_000;

export const TOP_UP_METHODS = ['bank_transfer', 'mobile_money'] as const;
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];

export const TOP_UP_STATUSES = ['pending', 'credited', 'declined', 'failed', 'expired'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];

/**
 * credit and decline are the operator's answers to a request a member filed (bank transfer, a payment made
 * elsewhere); pay, fail and expire are the aggregator's answers to a push payment (mobile money).
 */
export type TopUpEvent = 'credit' | 'decline' | 'pay' | 'fail' | 'expire';

/**
 * A filed request is decided once: credited (money moved) or declined (none moved). A push payment ends paid
 * (credited), failed (the payer declined, had too little, or the aggregator refused) or expired (no answer in a
 * day). Money the aggregator proves was paid is credited whatever was said before: a failure or an expiry
 * followed by a verified payment becomes credited (and is flagged for the operator). Nothing leaves credited.
 */
export const TOP_UP_TRANSITIONS: Readonly<Record<TopUpStatus, Partial<Record<TopUpEvent, TopUpStatus>>>> = {
  pending: { credit: 'credited', decline: 'declined', pay: 'credited', fail: 'failed', expire: 'expired' },
  credited: {},
  declined: {},
  failed: { pay: 'credited' },
  expired: { pay: 'credited' },
};

/** The status after the event, or 409 conflict naming the request when it was already decided. */
export function decideTopUp(status: TopUpStatus, event: TopUpEvent): Result<TopUpStatus> {
  const next = TOP_UP_TRANSITIONS[status][event];
  if (next !== undefined) return ok(next);
  const verb = ({ credit: 'credited', decline: 'declined', pay: 'paid', fail: 'failed', expire: 'expired' } as const)[event];
  return fail('conflict', `This top-up request is already ${status}; it cannot be ${verb} again.`, {
    field: 'top_up',
    details: { status },
  });
}
