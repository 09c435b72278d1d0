// What one row of a contact import becomes: a number to import with a name, its consent and its fields, a duplicate,
// or invalid with why.
import { normalizeTanzanianMobile } from './phone.ts';
import { readConsentCell } from './import-consent.ts';
import { fieldValueOf } from './contact-fields.ts';

/** After processing only the phone cell of a row is kept, cut to this many characters. */
export const MAX_PHONE_CELL = 32;
const MAX_NAME = 100;

export type RowOutcome =
  | {
      kind: 'valid';
      phone: string;
      name: string | null;
      /** The folded consent cell when it records consent (the row's evidence), else null. */
      consent: string | null;
      /** One value per mapped field column, in the mapping's order; null for an empty cell. */
      fields: (string | null)[];
    }
  | { kind: 'duplicate'; phone: string }
  | { kind: 'invalid'; reason: string };

/** The parts of a staged row that processing reads: how many values it has, its phone, name, consent and field cells. */
export interface StagedRow {
  values: number;
  phone: string | null;
  name: string | null;
  /** Undefined when the import maps no consent column. */
  consent?: string | null | undefined;
  fields?: (string | null)[] | null | undefined;
}

/**
 * Classifies a row of a file with `columns` header cells; `seen` holds the numbers already met in
 * this file and is updated. A name longer than a contact name may be is cut rather than losing the number.
 * A consent cell that says neither yes nor no makes the row invalid before it counts as the number's first
 * row, so a later row with the same number and a readable cell is imported.
 */
export function classifyImportRow(row: StagedRow, columns: number, seen: Set<string>): RowOutcome {
  if (row.values !== columns) {
    return { kind: 'invalid', reason: `wrong number of values: expected ${columns}, got ${row.values}` };
  }
  const normalized = normalizeTanzanianMobile((row.phone ?? '').trim(), 'phone');
  if (!normalized.ok) return { kind: 'invalid', reason: normalized.error.message };
  const consentCell = row.consent === undefined ? null : readConsentCell(row.consent);
  if (consentCell?.kind === 'invalid') return { kind: 'invalid', reason: consentCell.reason };
  const phone = normalized.value;
  if (seen.has(phone)) return { kind: 'duplicate', phone };
  seen.add(phone);
  const rawName = (row.name ?? '').trim();
  return {
    kind: 'valid',
    phone,
    name: rawName === '' ? null : [...rawName].slice(0, MAX_NAME).join(''),
    consent: consentCell?.kind === 'consent' ? consentCell.value : null,
    fields: (row.fields ?? []).map(fieldValueOf),
  };
}
