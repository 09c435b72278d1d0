import { describe, expect, it } from 'vitest';
import { classifyImportRow } from '../../core/domain/import-rows.ts';

const shape = { columns: 3, phoneIndex: 1, nameIndex: 0 };

describe('classifyImportRow', () => {
  it.each([
    [['Asha', '0754 123 456', 'x'], { kind: 'valid', phone: '+255754123456', name: 'Asha' }],
    [['', '+255754123457', 'x'], { kind: 'valid', phone: '+255754123457', name: null }],
    [['  Juma ', ' 255754123458 ', 'x'], { kind: 'valid', phone: '+255754123458', name: 'Juma' }],
    [['Asha', '0754123456'], { kind: 'invalid', reason: 'wrong number of values: expected 3, got 2' }],
    [['Asha', '0754123456', 'x', 'y'], { kind: 'invalid', reason: 'wrong number of values: expected 3, got 4' }],
    [['Asha', '022 212 3456', 'x'], { kind: 'invalid', reason: expect.stringMatching(/mobile/) }],
    [['Asha', 'call me', 'x'], { kind: 'invalid', reason: expect.stringMatching(/^phone /) }],
  ])('%j → %j', (cells, expected) => {
    expect(classifyImportRow(cells, shape, new Set())).toEqual(expected);
  });

  it('a number met again in the same file is a duplicate, in any form', () => {
    const seen = new Set<string>();
    expect(classifyImportRow(['a', '0754123456', 'x'], shape, seen).kind).toBe('valid');
    expect(classifyImportRow(['b', '+255 754 123 456', 'x'], shape, seen)).toEqual({ kind: 'duplicate', phone: '+255754123456' });
  });

  it('cuts names to 100 characters and works without a name column', () => {
    const long = 'n'.repeat(150);
    expect(classifyImportRow([long, '0754123456', 'x'], shape, new Set())).toMatchObject({ name: 'n'.repeat(100) });
    expect(classifyImportRow(['0754123456'], { columns: 1, phoneIndex: 0, nameIndex: null }, new Set())).toMatchObject({ name: null });
  });
});
