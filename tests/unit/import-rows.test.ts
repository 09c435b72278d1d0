import { describe, expect, it } from 'vitest';
import { classifyImportRow } from '../../core/domain/import-rows.ts';

const row = (values: number, phone: string | null, name: string | null = null) => ({ values, phone, name });

describe('classifyImportRow', () => {
  it.each([
    [row(3, '0754 123 456', 'Asha'), { kind: 'valid', phone: '+255754123456', name: 'Asha', consent: null, fields: [] }],
    [row(3, '+255754123457', ''), { kind: 'valid', phone: '+255754123457', name: null, consent: null, fields: [] }],
    [row(3, ' 255754123458 ', '  Juma '), { kind: 'valid', phone: '+255754123458', name: 'Juma', consent: null, fields: [] }],
    [row(3, '+255754123459', null), { kind: 'valid', phone: '+255754123459', name: null, consent: null, fields: [] }],
    [row(2, '0754123456', 'Asha'), { kind: 'invalid', reason: 'wrong number of values: expected 3, got 2' }],
    [row(4, '0754123456', 'Asha'), { kind: 'invalid', reason: 'wrong number of values: expected 3, got 4' }],
    [row(3, '022 212 3456', 'Asha'), { kind: 'invalid', reason: expect.stringMatching(/mobile/) }],
    [row(3, 'call me', 'Asha'), { kind: 'invalid', reason: expect.stringMatching(/^phone /) }],
    [row(3, null, 'Asha'), { kind: 'invalid', reason: expect.stringMatching(/^phone /) }],
  ])('%j → %j', (input, expected) => {
    expect(classifyImportRow(input, 3, new Set())).toEqual(expected);
  });

  it('a number met again in the same file is a duplicate, in any form', () => {
    const seen = new Set<string>();
    expect(classifyImportRow(row(3, '0754123456', 'a'), 3, seen).kind).toBe('valid');
    expect(classifyImportRow(row(3, '+255 754 123 456', 'b'), 3, seen)).toEqual({ kind: 'duplicate', phone: '+255754123456' });
  });

  it('cuts names to 100 characters', () => {
    expect(classifyImportRow(row(3, '0754123456', 'n'.repeat(150)), 3, new Set())).toMatchObject({ name: 'n'.repeat(100) });
  });

  it.each([
    ['yes', 'yes'],
    [' Ndiyo ', 'ndiyo'],
    ['Y', 'y'],
    ['1', '1'],
    ['TRUE', 'true'],
    ['no', null],
    ['HAPANA', null],
    ['n', null],
    ['0', null],
    ['false', null],
    ['', null],
    ['  ', null],
    [null, null],
  ])('a consent cell %j gives consent %j', (cell, consent) => {
    expect(classifyImportRow({ values: 3, phone: '0754123456', name: null, consent: cell }, 3, new Set())).toMatchObject({ kind: 'valid', consent });
  });

  it('a consent cell that is neither yes nor no makes the row invalid, naming the values allowed, before it counts as the first of its number', () => {
    const seen = new Set<string>();
    const maybe = classifyImportRow({ values: 3, phone: '0754123456', name: null, consent: 'maybe' }, 3, seen);
    expect(maybe).toEqual({ kind: 'invalid', reason: expect.stringMatching(/^consent "maybe" is not a consent value: use "yes", "ndiyo", "y", "1", "true" for consent, "no", "hapana", "n", "0", "false" or an empty cell for none$/) });
    expect(classifyImportRow({ values: 3, phone: '0754123456', name: null, consent: 'ndiyo' }, 3, seen)).toMatchObject({ kind: 'valid', consent: 'ndiyo' });
  });

  it('field cells become values, trimmed, empty as none, cut to 200 characters', () => {
    const out = classifyImportRow({ values: 3, phone: '0754123456', name: null, fields: [' Moshi ', '', null, 'x'.repeat(250)] }, 3, new Set());
    expect(out).toMatchObject({ kind: 'valid', fields: ['Moshi', null, null, 'x'.repeat(200)] });
  });
});
