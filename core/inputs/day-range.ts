// A range of whole days in Africa/Dar_es_Salaam, as the reports count them: `from` is the first day, `to` the day
// after the last; each a date (2026-11-01) or that day's midnight there (2026-11-01T00:00:00+03:00).
import { z } from 'zod';
import { darEsSalaamMidnight } from '../domain/delivery-report.ts';

/** An export spans at most a year, a leap year's included. */
export const MAX_EXPORT_DAYS = 366;

const DAY_MS = 86_400_000;
const ZDate = z.iso.date();
const ZInstant = z.iso.datetime({ offset: true });

/** The instant of a day's midnight in Dar es Salaam, from its date or from that instant written out. */
export const ZEatDay = z.string().transform((text, ctx) => {
  const at = ZDate.safeParse(text).success ? new Date(`${text}T00:00:00+03:00`) : ZInstant.safeParse(text).success ? new Date(text) : null;
  if (at === null || darEsSalaamMidnight(at) === null) {
    ctx.addIssue({ code: 'custom', message: 'a day (2026-11-01) or its midnight in Africa/Dar_es_Salaam (2026-11-01T00:00:00+03:00)' });
    return z.NEVER;
  }
  return at;
});

/** `to` after `from`, and at most MAX_EXPORT_DAYS days apart; a refusal names `to`. */
export function refineDayRange(range: { from: Date; to: Date }, ctx: z.RefinementCtx): void {
  const days = (range.to.getTime() - range.from.getTime()) / DAY_MS;
  if (!(days > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be a later day than from (it is the day after the last one exported)' });
  else if (days > MAX_EXPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `an export spans at most ${MAX_EXPORT_DAYS} days` });
}

/** The days of a range as a file names them: the first and the last (to is the day after it). */
export function dayRangeName(range: { from: Date; to: Date }): string {
  const first = darEsSalaamMidnight(range.from)!;
  const last = darEsSalaamMidnight(new Date(range.to.getTime() - DAY_MS))!;
  return first === last ? first : `${first}-to-${last}`;
}

/** A range as a link's query writes it back: each end as its date. */
export function dayRangeQuery(range: { from: Date; to: Date }): { from: string; to: string } {
  return { from: darEsSalaamMidnight(range.from)!, to: darEsSalaamMidnight(range.to)! };
}
