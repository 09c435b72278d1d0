// The addresses of a message that came in, as the SMSC gives them (digits, with or without 255, a leading 0 or +):
// a Tanzanian mobile number becomes E.164 (+255…), so that it meets the address book, opt-outs and the numbers
// table in one form; a short code, or anything else, is kept as its digits (or as given, when it has none).
import { normalizeTanzanianMobile } from './phone.ts';

export function inboundAddress(raw: string): string {
  const trimmed = raw.trim();
  const mobile = normalizeTanzanianMobile(trimmed);
  if (mobile.ok) return mobile.value;
  const digits = trimmed.replace(/^\+/, '');
  if (/^255[0-9]{9}$/.test(digits)) return `+${digits}`;
  return /^[0-9]+$/.test(digits) ? digits : trimmed;
}
