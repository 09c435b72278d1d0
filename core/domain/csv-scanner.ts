// The RFC 4180 state machine behind the contact-import reader: text in any chunking, records out.
import { csvErrors } from './csv-errors.ts';
import { type CsvLimits, ValuePieces } from './csv-value.ts';
import { type DomainError, ok, type Result } from './errors.ts';

/** Takes each record with the line it starts on; a refusal stops the scanner. */
export type RecordHandler = (cells: string[], line: number) => Result<void>;

const LF = 10;
const CR = 13;
const QUOTE = 34;
const NUL = 0;

// Between fields; inside an unquoted value; inside a quoted one; just past a quote inside a
// quoted value, when the chunk ended before saying whether it closes the value or is doubled.
type Mode = 0 | 1 | 2 | 3;
const START: Mode = 0;
const UNQUOTED: Mode = 1;
const QUOTED: Mode = 2;
const QUOTE_SEEN: Mode = 3;

/** A quoted value's text between its quotes, with each doubled quote made single. */
function unescape(raw: string): string {
  return raw.includes('"') ? raw.replaceAll('""', '"') : raw;
}

const FAILED = -1;
const NEEDS_DELIMITER = -2;

/**
 * Holds only the record being read: its finished cells and the value being read. Errors
 * are found in the order of the text, so every chunking of the same text ends in the
 * same error.
 */
export class CsvScanner {
  /** Char code of the delimiter; negative until the header line has been seen. */
  delimiter = -1;
  line = 1;
  /** Records ended so far, the header among them. */
  records = 0;
  error: DomainError | undefined;
  private mode: Mode = START;
  private atRecordStart = true;
  private skipLF = false;
  private lastCR = false;
  private stoppedAt = 0;
  private rowLine = 1;
  private fieldLine = 1;
  private cells: string[] = [];
  private readonly value: ValuePieces;
  private readonly limits: CsvLimits;
  private readonly onRecord: RecordHandler;

  constructor(limits: CsvLimits, onRecord: RecordHandler) {
    this.limits = limits;
    this.onRecord = onRecord;
    this.value = new ValuePieces(limits.maxValueChars);
  }

  /** Reads the text; it stops early, returning where, only at a header whose delimiter is not known. */
  feed(text: string): Result<number> {
    let i = 0;
    while (i < text.length) {
      if (this.mode === START) i = this.start(text, i);
      else if (this.mode === UNQUOTED) i = this.unquoted(text, i);
      else if (this.mode === QUOTED) i = this.quoted(text, i);
      else i = this.afterQuote(text, i);
      if (i === NEEDS_DELIMITER) return ok(this.stoppedAt);
      if (i === FAILED) return { ok: false, error: this.error! };
    }
    return ok(text.length);
  }

  /** Ends the last record; returns the number of physical lines. */
  finish(): Result<number> {
    const lines = this.mode === START && this.atRecordStart ? this.line - 1 : this.line;
    if (this.mode === QUOTED) this.stop(csvErrors.unclosedQuote(this.fieldLine));
    else if (this.mode !== START || !this.atRecordStart) this.endRecord(unescape(this.value.take('', 0, 0)));
    if (!this.error && this.records === 0) this.stop(csvErrors.empty());
    return this.error ? { ok: false, error: this.error } : ok(lines);
  }

  private start(s: string, i: number): number {
    const c = s.charCodeAt(i);
    if (this.atRecordStart) {
      const lf = this.skipLF && c === LF;
      this.skipLF = false;
      if (lf) return i + 1;
      if (c === LF || c === CR) {
        this.line += 1;
        this.skipLF = c === CR;
        return i + 1;
      }
      if (this.delimiter < 0) {
        this.stoppedAt = i;
        return NEEDS_DELIMITER;
      }
      if (this.records > this.limits.maxRows) return this.stop(csvErrors.tooManyRows(this.line, this.limits.maxRows));
      this.atRecordStart = false;
      this.rowLine = this.line;
    }
    this.fieldLine = this.line;
    if (c !== QUOTE) {
      this.mode = UNQUOTED;
      return i;
    }
    this.mode = QUOTED;
    this.lastCR = false;
    return i + 1;
  }

  private unquoted(s: string, i: number): number {
    const d = this.delimiter;
    let j = i;
    let c = -1;
    for (; j < s.length; j += 1) {
      c = s.charCodeAt(j);
      if (c === d || c === LF || c === CR || c === QUOTE || c === NUL) break;
    }
    if (!this.fits(s, i, j)) return FAILED;
    if (j === s.length) return this.value.keep(s, i, j);
    if (c === NUL) return this.stop(csvErrors.nul(this.line));
    if (c === QUOTE) return this.stop(csvErrors.quoteInUnquoted(this.line));
    return this.endField(this.value.take(s, i, j), c, j + 1);
  }

  // Doubled quotes stay doubled in the pieces and are undone once, when the value closes.
  private quoted(s: string, i: number): number {
    const n = s.length;
    let j = i;
    let c = -1;
    let line = this.line;
    let lastCR = this.lastCR;
    for (; j < n; j += 1) {
      c = s.charCodeAt(j);
      if (c === QUOTE) {
        if (j + 1 === n || s.charCodeAt(j + 1) !== QUOTE) break;
        j += 1;
      } else if (c === NUL) break;
      // A CRLF inside a value is one line break: it is counted at its CR.
      else if (c === CR) line += 1;
      else if (c === LF && !lastCR) line += 1;
      lastCR = c === CR;
    }
    this.line = line;
    this.lastCR = lastCR;
    if (!this.fits(s, i, j)) return FAILED;
    if (j === n) return this.value.keep(s, i, j);
    if (c === NUL) return this.stop(csvErrors.nul(line));
    if (j + 1 < n) return this.closed(unescape(this.value.take(s, i, j)), s.charCodeAt(j + 1), j + 1);
    this.value.keep(s, i, j);
    this.mode = QUOTE_SEEN;
    return n;
  }

  /** Decides the quote that ended the previous chunk: the first of a doubled pair, or the closing one. */
  private afterQuote(s: string, i: number): number {
    if (s.charCodeAt(i) !== QUOTE) return this.closed(unescape(this.value.take('', 0, 0)), s.charCodeAt(i), i);
    this.mode = QUOTED;
    this.lastCR = false;
    this.value.keep('""', 0, 2);
    return this.fits('', 0, 0) ? i + 1 : FAILED;
  }

  /** What follows a closing quote: only a delimiter, a line break or the end of the file. */
  private closed(value: string, c: number, at: number): number {
    if (c === this.delimiter || c === LF || c === CR) return this.endField(value, c, at + 1);
    return this.stop(c === NUL ? csvErrors.nul(this.line) : csvErrors.textAfterQuote(this.line, c));
  }

  private endField(value: string, c: number, next: number): number {
    if (c === this.delimiter) {
      this.cells.push(value);
      this.mode = START;
      if (this.cells.length < this.limits.maxColumns) return next;
      return this.stop(csvErrors.tooManyColumns(this.rowLine, this.limits.maxColumns));
    }
    if (!this.endRecord(value)) return FAILED;
    this.line += 1;
    this.skipLF = c === CR;
    return next;
  }

  private endRecord(value: string): boolean {
    const cells = this.cells;
    cells.push(value);
    this.cells = [];
    this.mode = START;
    this.atRecordStart = true;
    this.records += 1;
    const accepted = this.onRecord(cells, this.rowLine);
    if (!accepted.ok) this.error = accepted.error;
    return accepted.ok;
  }

  private fits(s: string, i: number, j: number): boolean {
    if (this.value.fits(s, i, j)) return true;
    this.stop(csvErrors.valueTooLong(this.fieldLine, this.limits.maxValueChars));
    return false;
  }

  private stop(error: DomainError): number {
    this.error = error;
    return FAILED;
  }
}
