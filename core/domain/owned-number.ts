// A number the operator assigns to an organization for messages to come in on: a short code (3 to 8 digits), or a
// Tanzanian mobile number in any accepted form, kept in E.164 (as inbound_numbers holds it and inbound messages
// name it: inbound-address.ts).
import { fail, ok, type Result } from './errors.ts';
import { normalizeTanzanianMobile } from './phone.ts';

export type NumberKind = 'short_code' | 'long_number';

export interface OwnedNumber {
  number: string;
  kind: NumberKind;
}

export function ownedNumber(raw: string, field = 'number'): Result<OwnedNumber> {
  const trimmed = raw.trim();
  if (/^[0-9]{3,8}$/.test(trimmed)) return ok({ number: trimmed, kind: 'short_code' });
  const mobile = normalizeTanzanianMobile(trimmed, field);
  if (mobile.ok) return ok({ number: mobile.value, kind: 'long_number' });
  const why = /^\+?[0-9 ]+$/.test(trimmed) ? ` (${mobile.error.message})` : '';
  return fail('validation_failed', `${field} must be a short code of 3 to 8 digits or a Tanzanian mobile number${why}`, { field });
}
