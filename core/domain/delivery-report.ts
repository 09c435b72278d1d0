// Delivery reports: what a report row counts, how its delivery rate is worked out, and whole days in Dar es Salaam.
import { isFinal, MESSAGE_STATUSES, type MessageStatus } from './message-states.ts';
import { SENDING_WINDOW_TIME_ZONE } from './sending-window.ts';

export const REPORT_TIME_ZONE = SENDING_WINDOW_TIME_ZONE;
const DAR_ES_SALAAM_OFFSET_MS = 3 * 60 * 60 * 1000;

export type ReportDimension = 'day' | 'sender' | 'campaign' | 'operator' | 'traffic_class';
export const REPORT_DIMENSIONS: readonly ReportDimension[] = ['day', 'sender', 'campaign', 'operator', 'traffic_class'];

/** A report counts at most this many days at once. */
export const MAX_REPORT_DAYS = 400;

export type StatusCounts = Record<MessageStatus, number>;

/** Delivered over the messages whose outcome is final (null when none is final yet). */
export function deliveryRate(counts: StatusCounts): number | null {
  const final = MESSAGE_STATUSES.filter(isFinal).reduce((sum, s) => sum + counts[s], 0);
  return final === 0 ? null : counts.delivered / final;
}

/** Messages not final and not unknown: still on their way (accepted or submitted). */
export function pendingOf(counts: StatusCounts): number {
  return MESSAGE_STATUSES.filter((s) => !isFinal(s) && s !== 'unknown').reduce((sum, s) => sum + counts[s], 0);
}

/** The Dar es Salaam date (YYYY-MM-DD) an instant falls on, or null when it is not that day's midnight. */
export function darEsSalaamMidnight(at: Date): string | null {
  const local = new Date(at.getTime() + DAR_ES_SALAAM_OFFSET_MS);
  if (local.getUTCHours() || local.getUTCMinutes() || local.getUTCSeconds() || local.getUTCMilliseconds()) return null;
  return local.toISOString().slice(0, 10);
}

/** The whole day in Dar es Salaam that an instant falls on, as the instants of its midnight and the next. */
export function darEsSalaamDayOf(at: Date): { from: Date; to: Date } {
  const day = 24 * 60 * 60 * 1000;
  const from = Math.floor((at.getTime() + DAR_ES_SALAAM_OFFSET_MS) / day) * day - DAR_ES_SALAAM_OFFSET_MS;
  return { from: new Date(from), to: new Date(from + day) };
}
