// The daily sending window for promotional traffic, on Dar es Salaam wall-clock time.
import { fail, ok, type Result } from './errors.ts';
import type { TrafficClass } from './pricing.ts';

export const SENDING_WINDOW_TIME_ZONE = 'Africa/Dar_es_Salaam';

// Tanzania has kept East Africa Time (UTC+3) without daylight saving since 1961, so a fixed
// offset gives the same answers as the tz database while staying exact, fast and independent
// of the ICU data the runtime happens to ship. Revisit only if Tanzania changes its clocks.
const DAR_ES_SALAAM_OFFSET_MS = 3 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Daily times in 'HH:MM' (24-hour). Opens is inclusive, closes exclusive. */
export interface SendingWindowSettings {
  opens: string;
  closes: string;
}

/** The platform default, a provisional product default per the spec. */
export const DEFAULT_SENDING_WINDOW: Readonly<SendingWindowSettings> = Object.freeze({
  opens: '08:00',
  closes: '20:00',
});

export interface SendingWindowView {
  applies_to: 'promotional';
  opens: string;
  closes: string;
  time_zone: typeof SENDING_WINDOW_TIME_ZONE;
  open_now: boolean;
  next_opening: Date;
}

const WINDOW_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since local midnight for 'HH:MM'; exactly two digits each, 00:00 to 23:59. */
export function parseWindowTime(s: string, field = 'time'): Result<number> {
  const match = typeof s === 'string' ? WINDOW_TIME.exec(s) : null;
  if (!match) {
    return fail('validation_failed', `${field} must be a 24-hour time written HH:MM, from 00:00 to 23:59.`, {
      field,
    });
  }
  return ok(Number(match[1]) * 60 + Number(match[2]));
}

/** Checks both times, for the operator command that changes the window. */
export function validateWindowSettings(settings: SendingWindowSettings): Result<SendingWindowSettings> {
  const opens = parseWindowTime(settings.opens, 'opens');
  if (!opens.ok) return opens;
  const closes = parseWindowTime(settings.closes, 'closes');
  if (!closes.ok) return closes;
  return ok({ opens: settings.opens, closes: settings.closes });
}

// Stored settings were validated when written, so a bad one here is a bug, not user input.
function minutesOf(settings: SendingWindowSettings): { opens: number; closes: number } {
  const opens = parseWindowTime(settings.opens, 'opens');
  const closes = parseWindowTime(settings.closes, 'closes');
  if (!opens.ok) throw new Error(`invalid sending window settings: ${opens.error.message}`);
  if (!closes.ok) throw new Error(`invalid sending window settings: ${closes.error.message}`);
  return { opens: opens.value, closes: closes.value };
}

function assertInstant(at: Date): number {
  const ms = at instanceof Date ? at.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new Error('an instant must be a valid Date');
  return ms;
}

// Local wall-clock milliseconds since the epoch: UTC shifted by the zone offset.
function localMs(at: Date): number {
  return assertInstant(at) + DAR_ES_SALAAM_OFFSET_MS;
}

function minuteOfDay(local: number): number {
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/**
 * Opening equal to closing means open all day; opening after closing spans midnight.
 * Comparing whole minutes is exact because both bounds fall on minute boundaries.
 */
export function isWindowOpen(settings: SendingWindowSettings, at: Date): boolean {
  const { opens, closes } = minutesOf(settings);
  const minute = minuteOfDay(localMs(at));
  if (opens === closes) return true;
  if (opens < closes) return minute >= opens && minute < closes;
  return minute >= opens || minute < closes;
}

/** The first instant strictly after `at` at which the local clock reads `minute` (of the day). */
function nextAtMinute(minute: number, at: Date): Date {
  const local = localMs(at);
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  let candidate = dayStart + minute * MINUTE_MS;
  if (candidate <= local) candidate += DAY_MS;
  return new Date(candidate - DAR_ES_SALAAM_OFFSET_MS);
}

/**
 * The first instant strictly after `at` at which the window opens: when it is open now, that
 * is the start of the next period, not the current one. For an all-day window, which never
 * closes, it is the next time the clock reads `opens`, the nominal start of the next day.
 */
export function nextOpening(settings: SendingWindowSettings, at: Date): Date {
  return nextAtMinute(minutesOf(settings).opens, at);
}

/** The first instant strictly after `at` at which the window opens or closes; null for a window open all day. */
export function nextWindowChange(settings: SendingWindowSettings, at: Date): Date | null {
  const { opens, closes } = minutesOf(settings);
  if (opens === closes) return null;
  const opening = nextAtMinute(opens, at);
  const closing = nextAtMinute(closes, at);
  return opening < closing ? opening : closing;
}

/**
 * The window holds promotional traffic while it is closed; transactional traffic never waits (SPEC 10). Twin of
 * waits_for_window (migration 0024).
 */
export function waitsForWindow(trafficClass: TrafficClass, windowOpen: boolean): boolean {
  return trafficClass === 'promotional' && !windowOpen;
}

/** A promotional message's held_until: null when it may go now, else the next opening. */
export function heldUntil(settings: SendingWindowSettings, at: Date): Date | null {
  return isWindowOpen(settings, at) ? null : nextOpening(settings, at);
}

/** An instant as the wall clock reads it in Dar es Salaam: its date (YYYY-MM-DD) and time (HH:MM). */
export function localDateTime(at: Date): { date: string; time: string } {
  const local = new Date(localMs(at)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The Sending window resource as GET /v1/sending-window returns it (timestamps still as Dates). */
export function describeWindow(settings: SendingWindowSettings, at: Date): SendingWindowView {
  return {
    applies_to: 'promotional',
    opens: settings.opens,
    closes: settings.closes,
    time_zone: SENDING_WINDOW_TIME_ZONE,
    open_now: isWindowOpen(settings, at),
    next_opening: nextOpening(settings, at),
  };
}
