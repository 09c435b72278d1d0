// Times as the dashboard shows them: always in Africa/Dar_es_Salaam (EAT), whatever the browser's own zone, in the
// language shown (en-TZ or sw-TZ).
import { dateTimeFormat } from './locale.ts';

export const TIME_ZONE = 'Africa/Dar_es_Salaam';
/** Tanzania keeps UTC+3 all year (no daylight saving), so a day there starts at 00:00+03:00. */
const OFFSET = '+03:00';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const DATE_ONLY: Intl.DateTimeFormatOptions = { timeZone: TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' };
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

function toDate(at: string | Date): Date {
  return typeof at === 'string' ? new Date(at) : at;
}

/** "22 Nov 2026, 12:00 EAT"; a dash for a time not (yet) set. */
export function formatDateTime(at: string | Date | null | undefined): string {
  return at ? `${dateTimeFormat(DATE_TIME).format(toDate(at))} EAT` : '—';
}

/** "22 Nov 2026" (the day in Dar es Salaam). */
export function formatDate(at: string | Date): string {
  return dateTimeFormat(DATE_ONLY).format(toDate(at));
}

/** The Dar es Salaam day of an instant, as a date input writes it (YYYY-MM-DD). */
export function darDay(at: string | Date): string {
  return isoDay.format(toDate(at));
}

/** The instant a Dar es Salaam day (YYYY-MM-DD, from a date input) starts, in RFC 3339. */
export function dayStart(day: string): string {
  return `${day}T00:00:00${OFFSET}`;
}

/** The instant the day after a Dar es Salaam day starts: the exclusive end of a range that includes the day. */
export function dayEnd(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return dayStart(next.toISOString().slice(0, 10));
}
