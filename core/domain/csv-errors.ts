// The refusals of the contact-import CSV reader, each naming the 1-based line of the file.
import { DomainError } from './errors.ts';

function invalid(message: string, line: number): DomainError {
  return new DomainError('invalid_csv', message, { details: { line } });
}

function tooLarge(message: string, line: number, limit: number): DomainError {
  return new DomainError('import_too_large', message, { details: { line, limit } });
}

// Names a UTF-16 unit without printing half of a surrogate pair or an invisible character.
function describeUnit(unit: number): string {
  if (unit === 32) return 'a space';
  if (unit === 9) return 'a tab';
  if (unit < 32 || (unit >= 0x7f && unit < 0xa0)) {
    return `the control character U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  if (unit >= 0xd800 && unit <= 0xdfff) return 'another character';
  return `"${String.fromCharCode(unit)}"`;
}

export const csvErrors = {
  empty: () => invalid('The file is empty: line 1 must be a header.', 1),
  nul: (line: number) => invalid(`Line ${line} contains a NUL character.`, line),
  duplicateColumn: (name: string, line: number) => invalid(`Line ${line}: the column name "${name}" appears twice.`, line),
  quoteInUnquoted: (line: number) =>
    invalid(
      `Line ${line}: a double quote appears inside a value that does not start with one; ` +
        'enclose the whole value in double quotes and double each quote inside it.',
      line,
    ),
  textAfterQuote: (line: number, unit: number) =>
    invalid(
      `Line ${line}: a quoted value must end at its closing double quote, but ${describeUnit(unit)} follows it; ` +
        'double each quote inside a quoted value.',
      line,
    ),
  unclosedQuote: (line: number) =>
    invalid(`Line ${line}: the double quote that opens a value on this line is never closed.`, line),
  tooManyColumns: (line: number, limit: number) =>
    tooLarge(`Line ${line} has more than ${limit} values; a file may have at most ${limit} columns.`, line, limit),
  valueTooLong: (line: number, limit: number) =>
    tooLarge(`Line ${line} has a value longer than ${limit} characters.`, line, limit),
  tooManyRows: (line: number, limit: number) =>
    tooLarge(`Line ${line}: the file has more than ${limit} rows after the header.`, line, limit),
};
