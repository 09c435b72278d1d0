// Campaign and quote status machines as data, with the spec's refusal codes for member actions.
import { fail, ok, type ErrorCode, type Result } from './errors.ts';

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'cancelling' | 'cancelled' | 'completed' | 'discarded';

/** Member actions (edit, discard, launch_*, cancel) and time- or worker-driven moves (the rest). */
export type CampaignEvent =
  | 'edit'
  | 'discard'
  | 'launch_scheduled'
  | 'launch_now'
  | 'start'
  | 'complete'
  | 'expire'
  | 'cancel'
  | 'cancel_finished';

export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = [
  'draft',
  'scheduled',
  'sending',
  'cancelling',
  'cancelled',
  'completed',
  'discarded',
];

export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignStatus, Partial<Record<CampaignEvent, CampaignStatus>>>> = {
  draft: { edit: 'draft', discard: 'discarded', launch_scheduled: 'scheduled', launch_now: 'sending' },
  // Validity runs from the start time, so a scheduled campaign can outlive it only when its
  // start was missed; it then completes with every recipient expired.
  scheduled: { start: 'sending', cancel: 'cancelling', expire: 'completed' },
  sending: { complete: 'completed', cancel: 'cancelling', expire: 'completed' },
  cancelling: { cancel_finished: 'cancelled', cancel: 'cancelling' },
  cancelled: { cancel: 'cancelled' },
  completed: {},
  discarded: { discard: 'discarded' },
};

// Repeating a finished action answers with the original and X-Idempotent-Replay: true.
// edit keeps a draft a draft but is a real change (the version grows), so it is no replay.
const REPLAYS: Readonly<Partial<Record<CampaignStatus, readonly CampaignEvent[]>>> = {
  discarded: ['discard'],
  cancelling: ['cancel'],
  cancelled: ['cancel'],
};

// What a member is told when an action does not fit the campaign's status.
const REFUSALS: Readonly<Partial<Record<CampaignEvent, { code: ErrorCode; message: string }>>> = {
  edit: { code: 'campaign_not_draft', message: 'Only a draft can be edited.' },
  discard: { code: 'campaign_not_draft', message: 'Only a draft can be discarded; cancel a launched campaign instead.' },
  launch_scheduled: { code: 'campaign_not_draft', message: 'Only a draft can be launched.' },
  launch_now: { code: 'campaign_not_draft', message: 'Only a draft can be launched.' },
  cancel: { code: 'campaign_not_cancellable', message: 'Only a scheduled or sending campaign can be cancelled.' },
};

export function canTransition(status: CampaignStatus, event: CampaignEvent): boolean {
  return CAMPAIGN_TRANSITIONS[status]?.[event] !== undefined;
}

export function isReplay(status: CampaignStatus, event: CampaignEvent): boolean {
  return REPLAYS[status]?.includes(event) ?? false;
}

/** Statuses that no event except a replay can leave. */
export function isFinal(status: CampaignStatus): boolean {
  return status === 'cancelled' || status === 'completed' || status === 'discarded';
}

/**
 * A member action the table refuses is a business failure with the spec's code. A worker or
 * clock event the table refuses is a bug: workers lock the campaign and check canTransition.
 */
export function transition(status: CampaignStatus, event: CampaignEvent): Result<CampaignStatus> {
  const next = CAMPAIGN_TRANSITIONS[status]?.[event];
  if (next !== undefined) return ok(next);
  const refusal = REFUSALS[event];
  if (refusal) return fail(refusal.code, refusal.message, { details: { status } });
  throw new Error(`campaign cannot take event ${event} in status ${status}`);
}

// ---- Quotes ----

export type QuoteStatus = 'current' | 'stale' | 'expired';

export const QUOTE_VALIDITY_MS = 15 * 60 * 1000;

export function quoteExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + QUOTE_VALIDITY_MS);
}

export interface QuoteTimes {
  expiresAt: Date;
  /** When the quote was made stale (draft edited, group deleted, quoted again, route changed). */
  staleAt: Date | null;
}

/**
 * Both stale and expired are terminal, so whichever came first wins. expires_at is the first
 * instant the quote is no longer valid.
 */
export function quoteStatus(quote: QuoteTimes, at: Date): QuoteStatus {
  const now = at.getTime();
  const expires = quote.expiresAt.getTime();
  const stale = quote.staleAt?.getTime();
  if (stale !== undefined && stale <= now && stale < expires) return 'stale';
  if (now >= expires) return 'expired';
  return 'current';
}

/** Launch needs a current quote; stale is reported before expired, as the spec orders them. */
export function requireCurrentQuote(status: QuoteStatus): Result<'current'> {
  if (status === 'stale') {
    return fail('quote_stale', 'The quote no longer matches the draft or the SMS route; quote again.', {
      field: 'quote_id',
    });
  }
  if (status === 'expired') return fail('quote_expired', 'The quote has expired; quote again.', { field: 'quote_id' });
  return ok('current');
}
