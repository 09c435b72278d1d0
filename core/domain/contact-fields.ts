// Contact fields: the few text fields an organization adds to its contacts ("town", "shop"), their names and values.

/** A handful per organization: enough for a shop's columns, few enough to show on one contact. */
export const MAX_CONTACT_FIELDS = 10;
export const MAX_FIELD_NAME = 40;
export const MAX_FIELD_VALUE = 200;

/** Letters and digits of any script, and spaces between them. */
const NAME_PATTERN = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u;

/** The columns every import template starts with: a field may not take one of their names. */
export const TEMPLATE_BASE_COLUMNS = ['phone', 'name', 'consent'] as const;

/** The name as kept: spaces trimmed, runs of spaces made one. */
export function tidyFieldName(name: string): string {
  return name.normalize('NFC').trim().replace(/ {2,}/g, ' ');
}

/** Two names that fold alike are the same name (unique per organization ignoring case). */
export function foldFieldName(name: string): string {
  return tidyFieldName(name).toLowerCase();
}

/** Why a (tidied) name is refused, or null. */
export function fieldNameProblem(name: string): string | null {
  const length = [...name].length;
  if (length < 1 || length > MAX_FIELD_NAME) return `a field name has 1 to ${MAX_FIELD_NAME} characters`;
  if (!NAME_PATTERN.test(name)) return 'a field name holds letters, digits and single spaces only';
  if ((TEMPLATE_BASE_COLUMNS as readonly string[]).includes(name.toLowerCase())) {
    return `"${name}" is a column of every import already (${TEMPLATE_BASE_COLUMNS.join(', ')}); choose another name`;
  }
  return null;
}

/**
 * A value as a contact keeps it: trimmed, empty as none, cut to the longest value, as an import cuts a
 * name rather than losing the number.
 */
export function fieldValueOf(cell: string | null | undefined): string | null {
  const value = (cell ?? '').trim();
  return value === '' ? null : [...value].slice(0, MAX_FIELD_VALUE).join('');
}
