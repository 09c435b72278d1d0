// The monthly wallet statement: calendar months in Dar es Salaam (EAT, UTC+3 all year, no daylight saving) and how
// a month's movements take the opening balances to the closing ones.

/** A month as the statement names it: YYYY-MM, from 1970 on (the service keeps no older money). */
export const STATEMENT_MONTH = /^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/;

const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

export function isStatementMonth(text: string): boolean {
  return STATEMENT_MONTH.test(text);
}

/** The month an instant falls in, in Dar es Salaam. */
export function eatMonthOf(at: Date): string {
  return new Date(at.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month `n` months after `month` (before it when n is negative). */
export function shiftMonth(month: string, n: number): string {
  const [, y, m] = STATEMENT_MONTH.exec(month)!;
  const index = Number(y) * 12 + Number(m) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The instants of the month's first midnight in Dar es Salaam and of the next month's: entries in [from, to). */
export function monthBounds(month: string): { from: Date; to: Date } {
  if (!isStatementMonth(month)) throw new Error(`not a month: ${month}`);
  const start = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1) - EAT_OFFSET_MS);
  return { from: start(month), to: start(shiftMonth(month, 1)) };
}

/** The month and the `count` before it, newest first (the dashboard's chooser). */
export function recentMonths(current: string, count: number): string[] {
  return Array.from({ length: count + 1 }, (_, i) => shiftMonth(current, -i));
}

export interface StatementBalances {
  available: bigint;
  held: bigint;
}

/** The sums of each kind of entry in the month, in cents (adjustments signed). */
export interface StatementSums {
  top_ups: bigint;
  holds: bigint;
  charges: bigint;
  releases: bigint;
  refunds: bigint;
  adjustments: bigint;
}

/**
 * The balances the month's movements lead to from the opening ones: a hold moves available money to held, a charge
 * (capture) spends held money, a release gives held money back to available, a refund gives charged money back to
 * available. The closing balances read from the ledger must equal these.
 */
export function balancesAfter(opening: StatementBalances, sums: StatementSums): StatementBalances {
  return {
    available: opening.available + sums.top_ups - sums.holds + sums.releases + sums.refunds + sums.adjustments,
    held: opening.held + sums.holds - sums.charges - sums.releases,
  };
}

/** An instant as the exports write it: local time in Dar es Salaam to the second, with its offset. */
export function eatDateTime(at: Date): string {
  return `${new Date(at.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 19)}+03:00`;
}
