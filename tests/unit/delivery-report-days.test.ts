// Whole days in Dar es Salaam (UTC+3, no daylight saving): which midnights a report accepts and which day an instant is in.
import { describe, expect, it } from 'vitest';
import { darEsSalaamDayOf, darEsSalaamMidnight } from '../../core/domain/delivery-report.ts';

describe('days in Dar es Salaam', () => {
  it.each([
    ['just after local midnight', '2026-11-21T21:00:00.000Z', '2026-11-21T21:00:00.000Z'],
    ['noon', '2026-11-22T09:00:00.000Z', '2026-11-21T21:00:00.000Z'],
    ['the last millisecond of the day', '2026-11-22T20:59:59.999Z', '2026-11-21T21:00:00.000Z'],
    ['the next local day before UTC midnight', '2026-11-22T21:00:00.000Z', '2026-11-22T21:00:00.000Z'],
    ['across a year end', '2026-12-31T22:30:00.000Z', '2026-12-31T21:00:00.000Z'],
  ])('%s', (_, at, from) => {
    const day = darEsSalaamDayOf(new Date(at));
    expect(day.from.toISOString()).toBe(from);
    expect(day.to.getTime() - day.from.getTime()).toBe(86_400_000);
    expect(darEsSalaamMidnight(day.from)).not.toBeNull();
    expect(darEsSalaamMidnight(day.to)).not.toBeNull();
  });

  it('only a local midnight names a date', () => {
    expect(darEsSalaamMidnight(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
    expect(darEsSalaamMidnight(new Date('2026-11-22T00:00:00Z'))).toBeNull();
  });
});
