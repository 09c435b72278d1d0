// Consent at import: the values a consent column may hold, and the phrase that records consent for a whole file.
// The dashboard's import wizard shows these same lists, so the member reads the rule the processing applies.

/** Cells that record consent for their row's contact (compared after folding case and spaces). */
export const CONSENT_YES_VALUES = ['yes', 'ndiyo', 'y', '1', 'true'] as const;
/** Cells that record no consent: nothing is written for the contact. An empty cell is one of them. */
export const CONSENT_NO_VALUES = ['no', 'hapana', 'n', '0', 'false'] as const;

/**
 * What the member types to record consent for every row of a file, in English or in Kiswahili. A typed
 * phrase rather than a ticked box: ticking was too easy to do for a file whose people never agreed.
 */
export const WHOLE_FILE_CONSENT_PHRASES = ['CONSENT FOR ALL', 'RIDHAA KWA WOTE'] as const;

const YES: ReadonlySet<string> = new Set(CONSENT_YES_VALUES);
const NO: ReadonlySet<string> = new Set(CONSENT_NO_VALUES);

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** One sentence for the API's description and the wizard's hint. */
export const CONSENT_COLUMN_RULE =
  `Consent is recorded for a row whose cell is one of ${quoted(CONSENT_YES_VALUES)}; ` +
  `${quoted(CONSENT_NO_VALUES)} or an empty cell record no consent; case and spaces are ignored; ` +
  'any other value makes the row invalid.';

export type ConsentCell = { kind: 'consent'; value: string } | { kind: 'no_consent' } | { kind: 'invalid'; reason: string };

/** Case and spacing folded: " Ndiyo " and "NDIYO" read as "ndiyo". */
export function foldConsentCell(cell: string): string {
  return cell.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** What a consent cell says; `value` is the folded cell, kept as the row's evidence. */
export function readConsentCell(cell: string | null): ConsentCell {
  const folded = foldConsentCell(cell ?? '');
  if (folded === '' || NO.has(folded)) return { kind: 'no_consent' };
  if (YES.has(folded)) return { kind: 'consent', value: folded };
  const shown = [...folded].slice(0, 40).join('');
  return {
    kind: 'invalid',
    reason: `consent "${shown}" is not a consent value: use ${quoted(CONSENT_YES_VALUES)} for consent, ${quoted(CONSENT_NO_VALUES)} or an empty cell for none`,
  };
}

/** Whether the typed confirmation is one of the phrases, exactly (only surrounding spaces are forgiven). */
export function isWholeFileConsentPhrase(typed: string | null | undefined): boolean {
  return typed !== null && typed !== undefined && (WHOLE_FILE_CONSENT_PHRASES as readonly string[]).includes(typed.trim());
}
