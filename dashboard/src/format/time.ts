// Times as the dashboard shows them: always in Africa/Dar_es_Salaam (EAT), whatever the browser's own zone, in the
// language shown (en-TZ or sw-TZ).
import { dateTimeFormat } from './locale.ts';
import { TIME_ZONE } from './days.ts';

// The days themselves live apart, free of the language (a test in Node reads them): imported here as before.
export { TIME_ZONE, darDay, dayEnd, dayStart } from './days.ts';

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
