// What one row of a contact import becomes: a number to import with a name, a duplicate, or invalid with why.
import { normalizeTanzanianMobile } from './phone.ts';

/** After processing only the phone cell of a row is kept, cut to this many characters. */
export const MAX_PHONE_CELL = 32;
const MAX_NAME = 100;

export type RowOutcome =
  | { kind: 'valid'; phone: string; name: string | null }
  | { kind: 'duplicate'; phone: string }
  | { kind: 'invalid'; reason: string };

export interface RowShape {
  columns: number;
  phoneIndex: number;
  nameIndex: number | null;
}

/**
 * Classifies a row; `seen` holds the numbers already met in this file and is updated.
 * A name longer than a contact name may be is cut to fit rather than losing the number.
 */
export function classifyImportRow(cells: readonly string[], shape: RowShape, seen: Set<string>): RowOutcome {
  if (cells.length !== shape.columns) {
    return { kind: 'invalid', reason: `wrong number of values: expected ${shape.columns}, got ${cells.length}` };
  }
  const normalized = normalizeTanzanianMobile((cells[shape.phoneIndex] ?? '').trim(), 'phone');
  if (!normalized.ok) return { kind: 'invalid', reason: normalized.error.message };
  const phone = normalized.value;
  if (seen.has(phone)) return { kind: 'duplicate', phone };
  seen.add(phone);
  const rawName = shape.nameIndex === null ? '' : (cells[shape.nameIndex] ?? '').trim();
  return { kind: 'valid', phone, name: rawName === '' ? null : [...rawName].slice(0, MAX_NAME).join('') };
}
