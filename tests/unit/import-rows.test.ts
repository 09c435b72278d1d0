import { describe, expect, it } from 'vitest';
import { classifyImportRow } from '../../core/domain/import-rows.ts';

const row = (values: number, phone: string | null, name: string | null = null) => ({ values, phone, name });

describe('classifyImportRow', () => {
  it.each([
    [row(3, '0754 123 456', 'Asha'), { kind: 'valid', phone: '+255754123456', name: 'Asha' }],
    [row(3, '+255754123457', ''), { kind: 'valid', phone: '+255754123457', name: null }],
    [row(3, ' 255754123458 ', '  Juma '), { kind: 'valid', phone: '+255754123458', name: 'Juma' }],
    [row(3, '+255754123459', null), { kind: 'valid', phone: '+255754123459', name: null }],
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
});
