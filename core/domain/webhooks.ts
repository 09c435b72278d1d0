// Webhook rules without I/O (DESIGN.md 5, Standard Webhooks): event types, the retry schedule and what an answer
// means. Signing is in core/app/webhooks/signature.ts; the addresses a delivery may reach, in public-address.ts.

export const EVENT_TYPES = [
  'message.submitted',
  'message.delivered',
  'message.undelivered',
  'message.failed',
  'message.unknown',
  'message.expired',
  'message.cancelled',
  'message.received',
  'campaign.scheduled',
  'campaign.sending',
  'campaign.completed',
  'campaign.cancelled',
  'contact_import.completed',
  'contact_import.failed',
  'wallet.low_balance',
  'opt_out.recorded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Waits before the retries after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A wait is moved by up to this share either way, so that a receiver's outage does not return as a wave. */
export const RETRY_JITTER = 0.1;
/** A Retry-After longer than the longest wait is taken as that wait. */
const MAX_RETRY_AFTER_MS = 36_000_000;

/**
 * When the attempt after `attemptsMade` failed attempts goes, or null when none is left. `random` is in
 * [0, 1); a Retry-After (429 and 503) is honoured when it asks for longer than the schedule.
 */
export function nextAttemptAt(now: Date, attemptsMade: number, random: number, retryAfterMs: number | null = null): Date | null {
  if (attemptsMade >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[attemptsMade - 1]!;
  const wait = Math.round(base * (1 + RETRY_JITTER * (2 * random - 1)));
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
  return new Date(now.getTime() + Math.max(wait, asked));
}

/** A Retry-After header in milliseconds (seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** What an answer means for the delivery. */
export function outcomeOf(status: number): 'delivered' | 'gone' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return 'retry';
}

/** An endpoint failing without a success this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** How long the old secret keeps signing after a rotation. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;
export const MAX_ENDPOINTS = 20;
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** Of a receiver's answer, the attempt keeps at most this many bytes. */
export const RESPONSE_SNIPPET_BYTES = 1024;
