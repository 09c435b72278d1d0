// The contact-import CSV reader's refusals: empty files, duplicate columns, broken quoting, NUL, limits.
import { describe, expect, it } from 'vitest';
import { type CsvLimits, IMPORT_LIMITS } from '../../core/domain/csv-parse.ts';
import { read, readChunks } from '../support/csv-read.ts';

const errorOf = (text: string, limits?: CsvLimits) => read(text, limits).end;
const invalid = (line: number, message: string) => ({ code: 'invalid_csv', message, details: { line } });
const tooLarge = (line: number, limit: number, message: string) => ({
  code: 'import_too_large',
  message,
  details: { line, limit },
});

describe('createCsvReader: refusals', () => {
  const empty = invalid(1, 'The file is empty: line 1 must be a header.');
  it.each([
    ['nothing', ''],
    ['only a byte-order mark', '\ufeff'],
    ['only blank lines', '\n\r\n\r'],
    ['a byte-order mark and blank lines', '\ufeff\r\n\r\n'],
  ])('refuses an empty file: %s', (_name, text) => {
    expect(errorOf(text)).toEqual(empty);
  });

  it.each([
    ['a repeated name', 'phone,name,phone\n1,2,3', 'phone', 1],
    ['names equal once trimmed', ' phone,phone \n1,2', 'phone', 1],
    ['the first repeat is named', 'a,b,b,a', 'b', 1],
    ['a header after blank lines', '\n\nx;x', 'x', 3],
  ])('refuses duplicate column names: %s', (_name, text, name, line) => {
    expect(errorOf(text)).toEqual(invalid(line, `Line ${line}: the column name "${name}" appears twice.`));
  });

  it('allows repeated empty column names and names differing in case', () => {
    expect(read('a,,, ,A\n1,2,3,4,5').end).toMatchObject({ summary: { rows: 1 } });
  });

  const quoteInside = (line: number) =>
    invalid(
      line,
      `Line ${line}: a double quote appears inside a value that does not start with one; ` +
        'enclose the whole value in double quotes and double each quote inside it.',
    );
  const after = (line: number, what: string) =>
    invalid(
      line,
      `Line ${line}: a quoted value must end at its closing double quote, but ${what} follows it; ` +
        'double each quote inside a quoted value.',
    );
  const unclosed = (line: number) =>
    invalid(line, `Line ${line}: the double quote that opens a value on this line is never closed.`);
  it.each([
    ['a quote inside an unquoted value', 'a,b\n1,x"y"', quoteInside(2)],
    ['a quote at the end of an unquoted value', 'a\n1\nxy"', quoteInside(3)],
    ['a space before an opening quote', 'a,b\n1, "x"', quoteInside(2)],
    ['a quote in the header', 'na"me', quoteInside(1)],
    ['text after a closing quote', 'a,b\n"x"y,1', after(2, '"y"')],
    ['a space after a closing quote', 'a,b\n"x" ,1', after(2, 'a space')],
    ['a tab after a closing quote in a comma file', 'a,b\n"x"\t,1', after(2, 'a tab')],
    ['a control character after a closing quote', 'a\n"x"\u0007', after(2, 'the control character U+0007')],
    ['an emoji after a closing quote', 'a\n"x"😀', after(2, 'another character')],
    ['an odd quote run', 'a\n"x"""y"', after(2, '"y"')],
    ['text after a multi-line quoted value', 'a\n"1\r\n2\r\n3"x', after(4, '"x"')],
    ['an unclosed quote', 'a,b\n1,2\n"open,3\n4,5\n', unclosed(3)],
    ['an unclosed quote at the very end', 'a\n"', unclosed(2)],
    ['an unclosed quote in the header', '"name,phone\n1,2', unclosed(1)],
    ['an unclosed quote after blank lines', 'a\n\n\n"x\n\ny', unclosed(4)],
  ])('refuses broken quoting: %s', (_name, text, error) => {
    expect(errorOf(text)).toEqual(error);
  });

  const nul = (line: number) => invalid(line, `Line ${line} contains a NUL character.`);
  it.each([
    ['in the header', 'na\u0000me', 1],
    ['in an unquoted value', 'a,b\n1,2\n3,\u00004', 3],
    ['alone on a line', 'a\n1\n\u0000', 3],
    ['in a quoted value', 'a\n"x\u0000"', 2],
    ['inside a quoted value after its line breaks', 'a\n"x\r\ny\n\u0000"', 4],
    ['after a closing quote', 'a\n"x"\u0000', 2],
    ['after blank lines', 'a\n\r\n\r\n\u0000', 4],
    ['before broken quoting on the same line', 'a\n\u0000"', 2],
  ])('refuses a NUL character %s', (_name, text, line) => {
    expect(errorOf(text)).toEqual(nul(line));
  });
});

describe('createCsvReader: limits', () => {
  const small: CsvLimits = { maxColumns: 3, maxRows: 2, maxValueChars: 5 };
  const columns = (line: number) => tooLarge(line, 3, `Line ${line} has more than 3 values; a file may have at most 3 columns.`);
  const long = (line: number) => tooLarge(line, 5, `Line ${line} has a value longer than 5 characters.`);
  const rows = (line: number) => tooLarge(line, 2, `Line ${line}: the file has more than 2 rows after the header.`);

  it.each([
    ['a header at the column limit', 'a,b,c\n1,2,3', null],
    ['a header one column over', 'a,b,c,d\n1', columns(1)],
    ['a row at the column limit', 'a\n1,2,3', null],
    ['a row one column over', 'a\n1\n1,2,3,4', columns(3)],
    ['a trailing delimiter past the limit', 'a\n1,2,3,', columns(2)],
    ['a row over, starting with a multi-line value', 'a\n"1\n2",2,3,4', columns(2)],
    ['a value at the length limit', 'a\n12345', null],
    ['a value one over', 'a\n123456', long(2)],
    ['a header value one over', 'abcdef', long(1)],
    ['a quoted value at the limit, counting a doubled quote once', 'a\n"ab""cd"', null],
    ['a quoted value one over', 'a\n"ab""cde"', long(2)],
    ['five doubled quotes', `a\n"${'""'.repeat(5)}"`, null],
    ['six doubled quotes', `a\n"${'""'.repeat(6)}"`, long(2)],
    ['doubled quotes and astral characters at the limit', 'a\n"😀""😀""😀"', null],
    ['doubled quotes and astral characters one over', 'a\n"😀""😀""😀"""', long(2)],
    ['a quoted CRLF counts two', 'a\n"ab\r\ncd"', long(2)],
    ['a long value on the line where it starts', 'a\n"1\n2\n3456"', long(2)],
    ['astral characters at the limit', 'a\n😀😀😀😀😀', null],
    ['astral characters one over', 'a\n😀😀😀😀😀😀', long(2)],
    ['rows at the limit, blank lines aside', 'a\n\n1\n\n2\n\n', null],
    ['one row over', 'a\n1\n2\n\n3', rows(5)],
    ['a long value before a NUL', 'a\n123456\u0000', long(2)],
    ['a NUL before the value grows long', 'a\n12\u00003456', invalid(2, 'Line 2 contains a NUL character.')],
    ['a long value before broken quoting', 'a\n"123456"x', long(2)],
    ['an unclosed quote that grows long', 'a\n"123456', long(2)],
  ])('%s', (_name, text, error) => {
    const end = errorOf(text, small);
    if (error === null) expect(end).toHaveProperty('summary');
    else expect(end).toEqual(error);
  });

  it('defaults to the import limits', () => {
    expect(IMPORT_LIMITS).toEqual({ maxColumns: 50, maxRows: 200_000, maxValueChars: 500 });
    const header = Array.from({ length: 50 }, (_, i) => `c${i}`).join(',');
    expect(read(`${header}\n${'x'.repeat(500)}`).end).toHaveProperty('summary');
    expect(read(`${header},c50`).end).toMatchObject({ code: 'import_too_large', details: { line: 1, limit: 50 } });
    expect(read(`a\n${'x'.repeat(501)}`).end).toMatchObject({ code: 'import_too_large', details: { line: 2, limit: 500 } });
  });

  it('allows 200,000 rows and refuses the next one', () => {
    const body = '1\n'.repeat(200_000);
    expect(readChunks(['a\n', body]).end).toMatchObject({ summary: { rows: 200_000 } });
    expect(readChunks(['a\n', body, '\n\n2']).end).toEqual(
      tooLarge(200_004, 200_000, 'Line 200004: the file has more than 200000 rows after the header.'),
    );
  });

  it('holds at most a bounded part of an endless first line', () => {
    // Past the longest header the limits allow, detection does not wait for the line to end.
    const limits: CsvLimits = { maxColumns: 2, maxRows: 10, maxValueChars: 3 };
    expect(errorOf(`${'a;'.repeat(10)}${'b,'.repeat(100)}`, limits)).toEqual(
      tooLarge(1, 2, 'Line 1 has more than 2 values; a file may have at most 2 columns.'),
    );
    expect(errorOf(`abcd${'x'.repeat(50)}\n`, limits)).toEqual(tooLarge(1, 3, 'Line 1 has a value longer than 3 characters.'));
  });
});
