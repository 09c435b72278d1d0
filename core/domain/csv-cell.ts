// CSV export cells: the formula-injection guard the spec requires, then RFC 4180 quoting.

// Spreadsheets skip these before deciding whether a cell is a formula. \p{Z} adds the
// line and paragraph separators to the spaces (Zs): skipping more only ever escapes more.
const IGNORED_LEAD = /^[\p{Z}\p{Cc}\p{Cf}]*/u;
// Tab, CR and LF are control characters themselves, so they are looked for inside the
// skipped run as well as right after it: a cell that starts with any of them is escaped.
const LEAD_BREAK = /[\t\r\n]/;
const TRIGGERS = new Set(['=', '+', '-', '@', '|', '\t', '\r', '\n', '＝', '＋', '－', '＠']);

/** True when a spreadsheet could read the cell as a formula, per the export rule. */
export function needsFormulaEscape(value: string): boolean {
  const lead = IGNORED_LEAD.exec(value)?.[0] ?? '';
  if (LEAD_BREAK.test(lead)) return true;
  const first = value.codePointAt(lead.length);
  return first !== undefined && TRIGGERS.has(String.fromCodePoint(first));
}

/** Prefixes an apostrophe to a cell a spreadsheet could run as a formula; other cells are unchanged. */
export function escapeCsvCell(value: string): string {
  return needsFormulaEscape(value) ? `'${value}` : value;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field: null is empty, numbers are written as digits, and everything goes
 * through the formula guard before quoting, so the apostrophe sits inside the quotes.
 */
export function toCsvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`CSV field must be a finite number, got ${value}`);
  }
  const cell = escapeCsvCell(String(value));
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One CSV record, CRLF-terminated as RFC 4180 prescribes. */
export function toCsvLine(values: ReadonlyArray<string | number | null>): string {
  return values.map(toCsvField).join(',') + '\r\n';
}
