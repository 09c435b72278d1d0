// The statement's months in Dar es Salaam (UTC+3 all year): where a month starts and ends, which month an instant
// is in, and the months the dashboard offers.
import { describe, expect, it } from 'vitest';
import { eatDateTime, eatMonthOf, isStatementMonth, monthBounds, recentMonths } from '../../core/domain/wallet-statement.ts';

describe('statement months', () => {
  it('start at midnight in Dar es Salaam, 21:00 UTC the day before, a leap February included', () => {
    expect(monthBounds('2026-10')).toEqual({ from: new Date('2026-09-30T21:00:00Z'), to: new Date('2026-10-31T21:00:00Z') });
    expect(monthBounds('2026-12').to).toEqual(new Date('2026-12-31T21:00:00Z'));
    expect(monthBounds('2028-02').to.getTime() - monthBounds('2028-02').from.getTime()).toBe(29 * 86_400_000);
  });

  it('put an instant in the month of its time in Dar es Salaam', () => {
    expect(eatMonthOf(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11');
    expect(eatMonthOf(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12');
    expect(eatDateTime(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01T00:00:00+03:00');
  });

  it('offer the current month and the ones before it across a new year', () => {
    expect(recentMonths('2027-01', 12)).toEqual(['2027-01', '2026-12', '2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06', '2026-05', '2026-04', '2026-03', '2026-02', '2026-01']);
  });

  it('are written YYYY-MM from 1970', () => {
    expect(['2026-10', '1970-01', '9999-12'].every(isStatementMonth)).toBe(true);
    expect(['2026-13', '2026-00', '2026-1', '1969-12', '0001-01', '2026-10-01', ' 2026-10'].some(isStatementMonth)).toBe(false);
  });
});
