// Formula-injection escaping and RFC 4180 quoting of export cells.
import { describe, expect, it } from 'vitest';
import { escapeCsvCell, needsFormulaEscape, toCsvField, toCsvLine } from '../../core/domain/csv-cell.ts';

const TRIGGERS = ['=', '+', '-', '@', '|', '\t', '\r', '\n', '＝', '＋', '－', '＠'];

// One representative of each class skipped before the first character is judged.
const LEADS = [
  ['space', ' '],
  ['several spaces', '   '],
  ['no-break space (Zs)', '\u00a0'],
  ['ideographic space (Zs)', '\u3000'],
  ['line separator (Zl)', '\u2028'],
  ['NUL (Cc)', '\u0000'],
  ['BEL (Cc)', '\u0007'],
  ['DEL (Cc)', '\u007f'],
  ['C1 control (Cc)', '\u0085'],
  ['zero-width space (Cf)', '\u200b'],
  ['byte-order mark (Cf)', '\ufeff'],
  ['right-to-left mark (Cf)', '\u200f'],
  ['mixed run', ' \u200b\u0007\u00a0'],
];

describe('escapeCsvCell', () => {
  it.each(TRIGGERS)('escapes a cell starting with %j', (trigger) => {
    expect(escapeCsvCell(`${trigger}1+1`)).toBe(`'${trigger}1+1`);
  });

  const afterLeads = LEADS.flatMap(([label, lead]) => TRIGGERS.map((t) => [label, lead, t] as const));
  it.each(afterLeads)('escapes a trigger after %s: %j + %j', (_label, lead, trigger) => {
    const cell = `${lead}${trigger}cmd`;
    expect(escapeCsvCell(cell)).toBe(`'${cell}`);
  });

  it.each([
    ['a phone number', '+255754123456', "'+255754123456"],
    ['a negative amount', '-5', "'-5"],
    ['a formula', '=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ['a DDE payload', '@SUM(1)', "'@SUM(1)"],
    ['a pipe', '|cmd', "'|cmd"],
    ['zero-width then formula', '\u200b=1+1', "'\u200b=1+1"],
    ['spaces, bell, at', '  \u0007@x', "'  \u0007@x"],
    ['spaces then tab', '  \tx', "'  \tx"],
    ['a lone LF', '\n', "'\n"],
    ['a lone tab', '\t', "'\t"],
    ['tab hidden in a run of controls', '\u0007\u200b\r', "'\u0007\u200b\r"],
  ])('%s', (_label, input, expected) => {
    expect(escapeCsvCell(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['plain text', 'delivered'],
    ['a number', '12345'],
    ['a masked number', '****56'],
    ['a timestamp', '2025-01-02T10:00:00+03:00'],
    ['a trigger not first', 'a=1'],
    ['a trigger after text and spaces', 'x -1'],
    ['only spaces', '   '],
    ['only format characters', '\u200b\u200b'],
    ['only a harmless control', '\u0007'],
    ['an apostrophe first', "'=1"],
    ['a look-alike: small equals (U+FE66)', '\ufe66x'],
    ['a look-alike: minus sign (U+2212)', '\u22125'],
    ['a letter after spaces', '  hello'],
    ['a uuid', '0b1c2d3e-0000-4000-8000-000000000000'],
  ])('leaves %s as it is', (_label, input) => {
    expect(escapeCsvCell(input)).toBe(input);
    expect(needsFormulaEscape(input)).toBe(false);
  });

  it.each(['=1', '+255754123456', ' \t-x', '\u200b@a', '＝1', 'plain'])('adds the apostrophe at most once: %j', (input) => {
    const once = escapeCsvCell(input);
    expect(escapeCsvCell(once)).toBe(once);
    expect(once.length - input.length).toBeLessThanOrEqual(1);
  });
});

describe('toCsvField', () => {
  it.each([
    ['null is empty', null, ''],
    ['empty string', '', ''],
    ['integer', 42, '42'],
    ['zero', 0, '0'],
    ['negative number goes through the same rule', -3, "'-3"],
    ['plain text', 'delivered', 'delivered'],
    ['phone', '+255754123456', "'+255754123456"],
    ['comma', 'a,b', '"a,b"'],
    ['quote', 'say "hi"', '"say ""hi"""'],
    ['CR inside', 'a\rb', '"a\rb"'],
    ['LF inside', 'a\nb', '"a\nb"'],
    ['escaped and quoted: apostrophe inside the quotes', '=1,2', '"\'=1,2"'],
    ['leading LF escaped then quoted', '\nx', '"\'\nx"'],
    ['formula with quotes', '=A1&"x"', '"\'=A1&""x"""'],
  ])('%s', (_label, input, expected) => {
    expect(toCsvField(input)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('throws on %s', (value) => {
    expect(() => toCsvField(value)).toThrow(RangeError);
  });
});

describe('toCsvLine', () => {
  it.each([
    ['a header', ['recipient', 'phone', 'status'], 'recipient,phone,status\r\n'],
    ['a row', [1, '+255754123456', 'delivered', null, 2], "1,'+255754123456,delivered,,2\r\n"],
    ['a masked row', [7, '+255754****56', 'failed', 'rejected'], "7,'+255754****56,failed,rejected\r\n"],
    ['quoted fields', ['a,b', '"q"', '=x'], '"a,b","""q""",\'=x\r\n'],
    ['one empty field', [null], '\r\n'],
    ['no fields', [], '\r\n'],
  ] as const)('%s', (_label, values, expected) => {
    expect(toCsvLine(values)).toBe(expected);
  });
});
