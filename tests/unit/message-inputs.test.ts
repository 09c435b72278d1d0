// The messages' and the wallet's new inputs: a search by recipient (a whole number in any form, or at least four of
// its digits), the days of an export (dates or EAT midnights, at most a year, refusals naming `to`), the mode a new
// send starts in, and amounts written in shillings from integer cents.
import { describe, expect, it } from 'vitest';
import { recipientSearch, recipientSearchText } from '../../core/domain/phone.ts';
import { defaultSendMode } from '../../core/domain/send-mode.ts';
import { centsAsTzs } from '../../core/domain/money-text.ts';
import { ZMessageExportQuery, ZRecipientSearch } from '../../core/inputs/messages.ts';
import { ZLedgerExportQuery } from '../../core/inputs/wallet.ts';
import { dayRangeName, dayRangeQuery, MAX_EXPORT_DAYS } from '../../core/inputs/day-range.ts';

describe('a search by recipient', () => {
  it.each([
    ['0754 123 456', { exact: '+255754123456' }],
    ['+255754123456', { exact: '+255754123456' }],
    ['255 754 123 456', { exact: '+255754123456' }],
    ['3456', { contains: '3456' }],
    ['123 45', { contains: '12345' }],
    ['754123456', { contains: '754123456' }],
    ['0754', { contains: '+255754' }],
    ['07541', { contains: '+2557541' }],
    ['+2557', { contains: '+2557' }],
  ])('%j looks for %j', (input, expected) => {
    expect(recipientSearch(input)).toEqual({ ok: true, value: expected });
    expect(ZRecipientSearch.parse(input)).toEqual(expected);
    // Written back into a link, the search reads as itself.
    expect(recipientSearch(recipientSearchText(expected))).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['123', /at least 4/],
    ['  ', /at least 4/],
    ['0754-123', /digits, spaces and a leading \+/],
    ['%123%', /digits, spaces and a leading \+/],
    ['1'.repeat(21), /digits/],
  ])('%j is refused, naming the field', (input, message) => {
    const found = recipientSearch(input);
    expect(found.ok).toBe(false);
    if (!found.ok) {
      expect(found.error.message).toMatch(message);
      expect(found.error.field).toBe('recipient');
    }
    expect(ZRecipientSearch.safeParse(input).success).toBe(false);
  });
});

describe('the days of an export', () => {
  it('takes dates or midnights in Dar es Salaam, to being the day after the last one', () => {
    const q = ZMessageExportQuery.parse({ from: '2026-11-01', to: '2026-12-01T00:00:00+03:00', mode: 'test' });
    expect(q).toEqual({ from: new Date('2026-10-31T21:00:00Z'), to: new Date('2026-11-30T21:00:00Z'), mode: 'test' });
    expect(dayRangeName(q)).toBe('2026-11-01-to-2026-11-30');
    expect(dayRangeQuery(q)).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(dayRangeName(ZLedgerExportQuery.parse({ from: '2026-11-01', to: '2026-11-02' }))).toBe('2026-11-01');
  });

  it("takes the list's filters for the messages file: status (commas allowed), class, sender, recipient", () => {
    const q = ZMessageExportQuery.parse({ from: '2026-11-01', to: '2026-11-02', status: 'failed,expired', traffic_class: 'promotional', sender: 'UJUMBE', recipient: '0754' });
    expect(q).toMatchObject({ status: ['failed', 'expired'], traffic_class: 'promotional', sender: 'UJUMBE', recipient: { contains: '+255754' } });
  });

  it(`spans at most ${MAX_EXPORT_DAYS} days: one more is refused on to`, () => {
    expect(ZLedgerExportQuery.safeParse({ from: '2027-01-01', to: '2028-01-02' }).success).toBe(true);
    const over = ZLedgerExportQuery.safeParse({ from: '2027-01-01', to: '2028-01-03' });
    expect(over.success).toBe(false);
    expect(over.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', `an export spans at most ${MAX_EXPORT_DAYS} days`]]);
    expect(ZMessageExportQuery.safeParse({ from: '2026-11-02', to: '2026-11-02' }).error!.issues[0]!.path).toEqual(['to']);
  });

  it.each([
    ['a time that is no midnight there', { from: '2026-11-01T00:00:00Z', to: '2026-11-02' }, 'from'],
    ['no day at all', { from: '2026-02-30', to: '2026-03-02' }, 'from'],
    ['a missing end', { from: '2026-11-01' }, 'to'],
    ['an unknown parameter', { from: '2026-11-01', to: '2026-11-02', campaign: 'none' }, ''],
    ['a recipient search of too few digits', { from: '2026-11-01', to: '2026-11-02', recipient: '123' }, 'recipient'],
  ])('refuses %s', (_what, input, field) => {
    const parsed = ZMessageExportQuery.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path.join('.')).toBe(field);
  });
});

describe('the mode a new send starts in', () => {
  it('is test until the organization is verified, then live', () => {
    expect(defaultSendMode(false)).toBe('test');
    expect(defaultSendMode(true)).toBe('live');
  });
});

describe('amounts in shillings', () => {
  it.each([
    [0n, '0.00'], [5n, '0.05'], [99n, '0.99'], [100n, '1.00'], [2000n, '20.00'], [112_550n, '1125.50'],
    [-50n, '-0.50'], [-112_550n, '-1125.50'], [9_007_199_254_740_993n, '90071992547409.93'],
  ])('%s cents are %s', (cents, text) => {
    expect(centsAsTzs(cents)).toBe(text);
  });
});
