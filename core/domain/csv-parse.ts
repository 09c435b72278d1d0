// Streaming reader of contact-import CSV uploads: the header and its delimiter, then one row at a time.
import { csvErrors } from './csv-errors.ts';
import { CsvScanner } from './csv-scanner.ts';
import type { CsvLimits } from './csv-value.ts';
import { type DomainError, ok, type Result } from './errors.ts';

export type { CsvLimits } from './csv-value.ts';

export type Delimiter = 'comma' | 'semicolon' | 'tab';

export const DELIMITER_CHARS: Record<Delimiter, string> = { comma: ',', semicolon: ';', tab: '\t' };

/** Ties go to the earlier: a comma file is the likeliest. */
const DETECTION_ORDER: readonly Delimiter[] = ['comma', 'semicolon', 'tab'];

export const IMPORT_LIMITS: CsvLimits = { maxColumns: 50, maxRows: 200_000, maxValueChars: 500 };

const ACCEPTED: Result<void> = ok(undefined);

export interface CsvHeader {
  cells: string[];
  delimiter: Delimiter;
}

export interface CsvRow {
  /** The 1-based line of the file on which the row starts. */
  line: number;
  cells: string[];
}

export interface CsvSummary {
  header: string[];
  delimiter: Delimiter;
  rows: number;
  lines: number;
}

export interface CsvReaderOptions {
  limits?: CsvLimits;
  onHeader(header: CsvHeader): void;
  onRow(row: CsvRow): void;
}

export interface CsvReader {
  push(text: string): Result<void>;
  end(): Result<CsvSummary>;
}

/** The delimiter seen most often outside double-quoted sections of the header line; comma when none is. */
export function detectDelimiter(headerLine: string): Delimiter {
  const counts: Record<Delimiter, number> = { comma: 0, semicolon: 0, tab: 0 };
  let quoted = false;
  for (let i = 0; i < headerLine.length; i += 1) {
    const char = headerLine[i];
    // A doubled quote flips twice, so it leaves the section as it was.
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === ',') counts.comma += 1;
    else if (char === ';') counts.semicolon += 1;
    else if (char === '\t') counts.tab += 1;
  }
  return DETECTION_ORDER.reduce((best, d) => (counts[d] > counts[best] ? d : best));
}

/** The first non-empty header name that occurs again, compared without surrounding whitespace. */
function duplicateName(cells: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const cell of cells) {
    const name = cell.trim();
    if (name === '') continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}


/**
 * Reads decoded text pushed in any chunks. The delimiter is detected from the header,
 * the first non-blank line (with any line breaks inside its quoted values), so it is held
 * whole before anything is parsed; rows are handed to onRow as they end, and the first
 * error ends the reading for good.
 */
export function createCsvReader(options: CsvReaderOptions): CsvReader {
  const limits = options.limits ?? IMPORT_LIMITS;
  // A header within the limits takes at most this many units (each value quoted, every
  // character doubled), so detecting from no more than this bounds what is held while
  // waiting for the end of the header, whatever the file.
  const detectionSpan = limits.maxColumns * (2 * limits.maxValueChars + 3);
  let delimiter: Delimiter = 'comma';
  let header: string[] | undefined;
  let rows = 0;
  // The text from the start of the header line, held until its delimiter is known.
  let head: string | undefined = '';
  let searchedTo = 0;
  let searchQuoted = false;
  let started = false;
  let failure: DomainError | undefined;
  let summary: Result<CsvSummary> | undefined;

  const scanner = new CsvScanner(limits, (cells, line) => {
    if (header) {
      rows += 1;
      options.onRow({ line, cells });
      return ACCEPTED;
    }
    const duplicate = duplicateName(cells);
    if (duplicate !== undefined) return { ok: false, error: csvErrors.duplicateColumn(duplicate, line) };
    header = cells;
    options.onHeader({ cells, delimiter });
    return ACCEPTED;
  });

  const settle = (fed: Result<number>): Result<void> => {
    if (fed.ok) return ACCEPTED;
    failure = fed.error;
    return fed;
  };

  /** Where the header ends, at its first line break outside double quotes; -1 while unseen. */
  const headerEnd = (text: string): number => {
    for (; searchedTo < text.length; searchedTo += 1) {
      const char = text.charCodeAt(searchedTo);
      if (char === 0x22) searchQuoted = !searchQuoted;
      else if ((char === 0x0a || char === 0x0d) && !searchQuoted) return searchedTo;
    }
    return -1;
  };

  // Blank lines ahead of the header need no delimiter, so the scanner takes them as they come.
  const awaitHeaderLine = (final: boolean): Result<void> => {
    const text = head ?? '';
    const fed = scanner.feed(text);
    if (!fed.ok) return settle(fed);
    // The scanner consumes only blank lines here, and only before the search has begun.
    head = text.slice(fed.value);
    if (head === '') return ACCEPTED;
    const end = headerEnd(head);
    if (end < 0 && head.length < detectionSpan && !final) return ACCEPTED;
    delimiter = detectDelimiter(head.slice(0, Math.min(end < 0 ? head.length : end, detectionSpan)));
    scanner.delimiter = DELIMITER_CHARS[delimiter].charCodeAt(0);
    const held = head;
    head = undefined;
    return settle(scanner.feed(held));
  };

  return {
    push(text) {
      if (failure) return { ok: false, error: failure };
      if (summary) throw new Error('push() called after end()');
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (head === undefined) return settle(scanner.feed(text));
      head += text;
      return awaitHeaderLine(false);
    },
    end() {
      if (failure) return { ok: false, error: failure };
      if (summary) return summary;
      if (head !== undefined && !awaitHeaderLine(true).ok) return { ok: false, error: failure! };
      const finished = scanner.finish();
      if (!finished.ok) {
        failure = finished.error;
        return finished;
      }
      summary = ok({ header: header ?? [], delimiter, rows, lines: finished.value });
      return summary;
    },
  };
}
