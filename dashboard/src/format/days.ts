// Days in Dar es Salaam as the date inputs and the API's ranges write them (YYYY-MM-DD, midnights at +03:00). Plain
// Intl in a fixed shape, whatever the language shown, so that a test in Node may use it too.

export const TIME_ZONE = 'Africa/Dar_es_Salaam';
/** Tanzania keeps UTC+3 all year (no daylight saving), so a day there starts at 00:00+03:00. */
const OFFSET = '+03:00';

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

function toDate(at: string | Date): Date {
  return typeof at === 'string' ? new Date(at) : at;
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
