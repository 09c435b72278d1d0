// A single message sent for later (send_at): how far ahead it may be, when it may first go, and when it expires.
import { fail, ok, type Result } from './errors.ts';
import type { TrafficClass } from './pricing.ts';
import { isWindowOpen, nextOpening, waitsForWindow, type SendingWindowSettings } from './sending-window.ts';

/** At least a minute ahead: a nearer time is a send now, and the caller should say so. */
export const MIN_SEND_AT_AHEAD_MS = 60_000;
/** At most 30 days ahead, as a campaign's start. */
export const MAX_SEND_AT_AHEAD_MS = 30 * 86_400_000;

/** send_at within its range, seen from `now`; the refusal names the range as instants. */
export function checkSendAt(now: Date, sendAt: Date): Result<Date> {
  const ahead = sendAt.getTime() - now.getTime();
  if (ahead >= MIN_SEND_AT_AHEAD_MS && ahead <= MAX_SEND_AT_AHEAD_MS) return ok(sendAt);
  const earliest = new Date(now.getTime() + MIN_SEND_AT_AHEAD_MS).toISOString();
  const latest = new Date(now.getTime() + MAX_SEND_AT_AHEAD_MS).toISOString();
  const why = ahead < MIN_SEND_AT_AHEAD_MS ? 'is less than a minute ahead' : 'is more than 30 days ahead';
  return fail('schedule_out_of_range', `send_at ${why}: choose a time from ${earliest} to ${latest}.`, {
    field: 'send_at',
    details: { now: now.toISOString(), earliest, latest },
  });
}

/**
 * The message's held_until: null when it may go at once; for a scheduled one its time, or, for promotional traffic
 * when the sending window is closed then, the window's next opening after it. A message sent now waits as before.
 */
export function firstDispatch(trafficClass: TrafficClass, window: SendingWindowSettings, now: Date, sendAt: Date | null): Date | null {
  const at = sendAt ?? now;
  if (waitsForWindow(trafficClass, isWindowOpen(window, at))) return nextOpening(window, at);
  return sendAt;
}

/** The ttl counts from the time the message was meant to go: its send_at, else its acceptance. */
export function expiresAt(now: Date, sendAt: Date | null, ttlSeconds: number): Date {
  return new Date((sendAt ?? now).getTime() + ttlSeconds * 1000);
}
