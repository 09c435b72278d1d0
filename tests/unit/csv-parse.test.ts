// The contact-import CSV reader: RFC 4180 with the upload rules, the same in every chunking.
import { describe, expect, it } from 'vitest';
import { DELIMITER_CHARS, detectDelimiter } from '../../core/domain/csv-parse.ts';
import { read } from '../support/csv-read.ts';

const rowsOf = (text: string) => read(text).rows.map((r) => [r.line, ...r.cells]);

describe('detectDelimiter', () => {
  it.each([
    ['name,phone', 'comma'],
    ['name;phone', 'semicolon'],
    ['name\tphone', 'tab'],
    ['phone', 'comma'],
    ['', 'comma'],
    ['a,b;c', 'comma'],
    ['a;b\tc', 'semicolon'],
    ['a,b\tc', 'comma'],
    ['a,b;c\td', 'comma'],
    ['a;b;c,d', 'semicolon'],
    ['a\tb\tc;d,e', 'tab'],
    ['"a,b,c";d', 'semicolon'],
    ['"a;""b;c""";d,e', 'comma'],
    ['"unclosed;a;b,c', 'comma'],
  ] as const)('%j is %s', (line, delimiter) => {
    expect(detectDelimiter(line)).toBe(delimiter);
  });
});

describe('createCsvReader: reading', () => {
  it.each(['comma', 'semicolon', 'tab'] as const)('reads a %s file', (delimiter) => {
    const d = DELIMITER_CHARS[delimiter];
    const outcome = read(`name${d}phone\nAsha${d}0754\n`);
    expect(outcome.header).toEqual({ cells: ['name', 'phone'], delimiter });
    expect(outcome.rows).toEqual([{ line: 2, cells: ['Asha', '0754'] }]);
    expect(outcome.end).toEqual({ summary: { header: ['name', 'phone'], delimiter, rows: 1, lines: 2 } });
  });

  it('detects from the header only, so other delimiters in rows are plain text', () => {
    expect(rowsOf('name;phone\nAsha, Juma;0754')).toEqual([[2, 'Asha, Juma', '0754']]);
  });

  it('detects from the whole header when a quoted name holds a line break', () => {
    const outcome = read('"first\nname";phone\nAsha;0754');
    expect(outcome.header).toEqual({ cells: ['first\nname', 'phone'], delimiter: 'semicolon' });
    expect(outcome.rows).toEqual([{ line: 3, cells: ['Asha', '0754'] }]);
  });

  it.each([
    ['a leading byte-order mark is dropped', '\ufeffname,phone\nA,1', ['name', 'phone'], [[2, 'A', '1']]],
    ['a byte-order mark elsewhere is kept', 'name,phone\n\ufeffA,1', ['name', 'phone'], [[2, '\ufeffA', '1']]],
    ['only the first of two marks is dropped', '\ufeff\ufeffname', ['\ufeffname'], []],
    ['values are not trimmed', ' name , phone\n A ,1 ', [' name ', ' phone'], [[2, ' A ', '1 ']]],
    ['empty values', 'a,b,c\n,,\n', ['a', 'b', 'c'], [[2, '', '', '']]],
    ['a one-column file', 'phone\n0754\n0755', ['phone'], [[2, '0754'], [3, '0755']]],
    ['quoted delimiters', 'a,b\n"x,y","1;2"', ['a', 'b'], [[2, 'x,y', '1;2']]],
    ['doubled quotes', 'a,b\n"say ""hi""",""""', ['a', 'b'], [[2, 'say "hi"', '"']]],
    ['an empty quoted value', 'a,b\n"",x', ['a', 'b'], [[2, '', 'x']]],
    ['a quoted LF', 'a,b\n"1\n2",x\ny,z', ['a', 'b'], [[2, '1\n2', 'x'], [4, 'y', 'z']]],
    ['a quoted CRLF kept as CRLF', 'a,b\r\n"1\r\n2",x\r\ny,z', ['a', 'b'], [[2, '1\r\n2', 'x'], [4, 'y', 'z']]],
    ['a quoted lone CR', 'a\n"1\r2"\ny', ['a'], [[2, '1\r2'], [4, 'y']]],
    ['a CR and an LF parted by a doubled quote', 'a\n"x\r""\ny"\nz', ['a'], [[2, 'x\r"\ny'], [5, 'z']]],
    ['quoted header cells', '"na,me";"ph\none"\nA;1', ['na,me', 'ph\none'], [[3, 'A', '1']]],
    ['a CRLF file', 'a,b\r\n1,2\r\n3,4\r\n', ['a', 'b'], [[2, '1', '2'], [3, '3', '4']]],
    ['a lone-CR file', 'a,b\r1,2\r3,4\r', ['a', 'b'], [[2, '1', '2'], [3, '3', '4']]],
    ['mixed line breaks', 'a\r\n1\n2\r3\r\n\r4', ['a'], [[2, '1'], [3, '2'], [4, '3'], [6, '4']]],
    ['blank lines', 'a\n\n1\n\n\n2\n\n', ['a'], [[3, '1'], [6, '2']]],
    ['blank CRLF lines', 'a\r\n\r\n1\r\n\r\n2', ['a'], [[3, '1'], [5, '2']]],
    ['blank lines before the header', '\n\r\n\rname\n1', ['name'], [[5, '1']]],
    ['a line of spaces is a row', 'a\n  \n1', ['a'], [[2, '  '], [3, '1']]],
    ['a quoted empty line is a row', 'a\n""\n1', ['a'], [[2, ''], [3, '1']]],
    ['too few and too many cells pass on', 'a,b,c\n1\n1,2,3,4\n,', ['a', 'b', 'c'], [[2, '1'], [3, '1', '2', '3', '4'], [4, '', '']]],
    ['a trailing delimiter is an empty cell', 'a,b\n1,\n', ['a', 'b'], [[2, '1', '']]],
    ['emoji and other scripts', 'jina,simu\n😀 Ñ 中,+255', ['jina', 'simu'], [[2, '😀 Ñ 中', '+255']]],
  ])('%s', (_name, text, header, rows) => {
    const outcome = read(text);
    expect(outcome.header?.cells).toEqual(header);
    expect(outcome.rows.map((r) => [r.line, ...r.cells])).toEqual(rows);
  });

  it.each([
    ['no final line break', 'a\n1', 2],
    ['a final LF', 'a\n1\n', 2],
    ['a final CRLF', 'a\r\n1\r\n', 2],
    ['a final CR', 'a\r1\r', 2],
    ['blank lines at the end', 'a\n1\n\n\n', 4],
    ['a header only', 'a,b', 1],
    ['a header only, with a line break', 'a,b\r\n', 1],
    ['a quoted value over three lines', 'a\n"1\n2\n3"', 4],
  ])('counts physical lines: %s', (_name, text, lines) => {
    const end = read(text).end;
    expect(end).toMatchObject({ summary: { lines } });
  });

  it.each([
    ['a header only', 'name,phone', 1],
    ['a header and blank lines', 'name,phone\n\n\r\n', 3],
  ])('accepts %s with no rows', (_name, text, lines) => {
    expect(read(text).end).toEqual({ summary: { header: ['name', 'phone'], delimiter: 'comma', rows: 0, lines } });
  });
});

describe('createCsvReader: chunking', () => {
  const file = [
    '\ufeffname;phone;"note; with ""quotes"""',
    '',
    'Asha;+255754000001;"multi',
    'line\r\nvalue"',
    '"Juma ""JJ""";0754000002;',
    '\r',
    'Ñandú 😀;0755;x\r\n',
  ].join('\n');

  it('gives the same header, rows and summary in every chunking', () => {
    const outcome = read(file);
    expect(outcome.header).toEqual({ cells: ['name', 'phone', 'note; with "quotes"'], delimiter: 'semicolon' });
    expect(outcome.rows).toEqual([
      { line: 3, cells: ['Asha', '+255754000001', 'multi\nline\r\nvalue'] },
      { line: 6, cells: ['Juma "JJ"', '0754000002', ''] },
      { line: 8, cells: ['Ñandú 😀', '0755', 'x'] },
    ]);
    expect(outcome.end).toEqual({
      summary: { header: ['name', 'phone', 'note; with "quotes"'], delimiter: 'semicolon', rows: 3, lines: 8 },
    });
  });

  it.each([
    ['broken quoting', `${file}\n"a"b`, 10],
    ['a NUL', `${file}\nx;\u0000`, 10],
    ['an unclosed quote', `${file}\n1;"2\n3`, 10],
  ])('gives the same rows and error in every chunking: %s', (_name, text, line) => {
    const outcome = read(text);
    expect(outcome.rows).toHaveLength(3);
    expect(outcome.end).toMatchObject({ code: 'invalid_csv', details: { line } });
  });
});
