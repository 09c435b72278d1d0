// Tanzanian mobile numbers: normalizing typed numbers to E.164, masking them, and search prefixes.
import { PhoneNumber } from 'libphonenumber-js/max';
import { fail, ok, type Result } from './errors.ts';

const COUNTRY_CODE = '255';
const NATIONAL_DIGITS = 9;
// One leading plus (after optional spaces), then digits and spaces only.
const TYPED_NUMBER = /^ *\+?[0-9 ]*$/;
const ACCEPTED_FORMS = '+255…, 255… or 0… form';

/** Splits a typed number into its plus sign and digits, or null when it holds anything else. */
function readTyped(input: string): { plus: boolean; digits: string } | null {
  if (!TYPED_NUMBER.test(input)) return null;
  const compact = input.replaceAll(' ', '');
  const plus = compact.startsWith('+');
  return { plus, digits: plus ? compact.slice(1) : compact };
}

/** The national significant number of a typed number, or why its form is refused. */
function nationalPart(plus: boolean, digits: string): { national: string } | { problem: string } {
  if (plus) {
    if (!digits.startsWith(COUNTRY_CODE)) return { problem: 'is not a Tanzanian number (country code must be +255)' };
    return { national: digits.slice(COUNTRY_CODE.length) };
  }
  if (digits.startsWith('0')) return { national: digits.slice(1) };
  // No national mobile number starts with 255, so these digits can only be the country code.
  if (digits.startsWith(COUNTRY_CODE)) return { national: digits.slice(COUNTRY_CODE.length) };
  return { problem: `must be in ${ACCEPTED_FORMS}` };
}

/**
 * Accepts `+255…`, `255…` and `0…` forms with spaces and returns `+255` followed by the nine national digits (`+255754123456`).
 * Anything that is not a valid Tanzanian mobile number is refused with a message saying why.
 */
export function normalizeTanzanianMobile(input: string, field = 'phone'): Result<string> {
  const refuse = (why: string): Result<string> =>
    fail('validation_failed', `${field} ${why}`, { field });
  const typed = readTyped(input);
  if (typed === null) return refuse('may contain only digits, spaces and a leading +');
  if (typed.digits === '') return refuse(`is required, in ${ACCEPTED_FORMS}`);
  const part = nationalPart(typed.plus, typed.digits);
  if ('problem' in part) return refuse(part.problem);
  if (part.national.length !== NATIONAL_DIGITS) {
    return refuse(`must have ${NATIONAL_DIGITS} digits after the country code or leading 0 (got ${part.national.length})`);
  }
  // The digits are already split from the country code, so the number is built directly rather than
  // parsed from text: half the work, which counts when an import checks 200,000 numbers.
  const parsed = new PhoneNumber(`+${COUNTRY_CODE}${part.national}`);
  if (!parsed.isValid()) {
    return refuse('is not a valid Tanzanian phone number');
  }
  // Only MOBILE: fixed lines and VOIP ranges cannot receive SMS from a provider route.
  if (parsed.getType() !== 'MOBILE') return refuse('must be a Tanzanian mobile number, not a fixed line or other service');
  return ok(parsed.number);
}

/**
 * Hides a number while keeping its length: `+255754123456` becomes `+255754****56`.
 * Meant for E.164 numbers; shorter strings still never show more than their last two digits.
 */
export function maskPhone(e164: string): string {
  if (e164.length <= 6) return '****' + e164.slice(-2);
  return e164.slice(0, -6) + '****' + e164.slice(-2);
}

export const MAX_SEARCH_LENGTH = 20;

/**
 * Turns the start of a number, typed in any accepted form, into an E.164 prefix for `LIKE prefix%`.
 * `+255 754`, `255754`, `0754` and `754` all give `+255754`.
 *
 * Digits that start with `255`, or are a start of `255` (`2`, `25`), are read as the country
 * code form: someone typing `25` is on the way to `255…`, and stored numbers are mobiles that
 * begin `+2556` or `+2557`, so reading `2…` as a national start would only ever match nothing.
 * Returns null for empty input, input over 20 characters, or characters other than digits,
 * spaces and a leading +.
 */
export function phoneSearchPrefix(search: string): string | null {
  if (search.length > MAX_SEARCH_LENGTH) return null;
  const typed = readTyped(search);
  if (typed === null || typed.digits === '') return null;
  const { plus, digits } = typed;
  if (plus) return `+${digits}`;
  if (digits.startsWith('0')) return `+${COUNTRY_CODE}${digits.slice(1)}`;
  if (digits.startsWith(COUNTRY_CODE) || COUNTRY_CODE.startsWith(digits)) return `+${digits}`;
  return `+${COUNTRY_CODE}${digits}`;
}

/** The fewest digits a partial number search takes: fewer would match most numbers. */
export const MIN_PARTIAL_DIGITS = 4;

/** What a search by recipient matches: one whole number, or every number holding a run of characters. */
export type RecipientSearch = { exact: string } | { contains: string };

/**
 * A recipient search as typed: a whole number in any accepted form (spaces allowed) is that number, in E.164.
 * Otherwise at least four digits, matched anywhere in the number (the last digits, or digits in the middle); a
 * leading `+` or `0` marks the start of a number, so `0754…` and `+255754…` both look for `+255754…`.
 */
export function recipientSearch(input: string, field = 'recipient'): Result<RecipientSearch> {
  const whole = normalizeTanzanianMobile(input, field);
  if (whole.ok) return ok({ exact: whole.value });
  const typed = input.length > MAX_SEARCH_LENGTH ? null : readTyped(input);
  if (typed === null) return fail('validation_failed', 'must be a phone number or part of one: digits, spaces and a leading +', { field });
  if (typed.digits.length < MIN_PARTIAL_DIGITS) {
    return fail('validation_failed', `must be a whole number or at least ${MIN_PARTIAL_DIGITS} of its digits`, { field });
  }
  const { plus, digits } = typed;
  if (plus) return ok({ contains: `+${digits}` });
  if (digits.startsWith('0')) return ok({ contains: `+${COUNTRY_CODE}${digits.slice(1)}` });
  return ok({ contains: digits });
}

/**
 * A search written back as text that recipientSearch reads as the same search (a link that carries it): a whole
 * number as itself, a run of digits as itself (+255… for the start of a number).
 */
export function recipientSearchText(search: RecipientSearch): string {
  return 'exact' in search ? search.exact : search.contains;
}
