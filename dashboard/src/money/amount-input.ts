// Amounts typed in TZS ("12,345.50") turned into integer cents by their digits, never through floating point. Pure:
// the form's text is the same in every language shown, and tests read it without a browser.

/** What is wrong with a typed amount: its form, or its size. The form says it in the language shown (money:amount.*). */
export type TzsProblem = 'format' | 'tooLarge';

export type ParsedTzs = { ok: true; cents: number } | { ok: false; problem: TzsProblem };

/** Shillings with commas between each three digits, or none at all; at most two decimals (cents). */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/;
const PLAIN = /^\d+(?:\.\d{1,2})?$/;

/**
 * "12,345.50" → 1234550 cents. The whole shillings and the decimals are read as separate integers, so no amount
 * is ever rounded. The service checks the range (a top-up of at least TZS 0.01, a threshold of zero or more).
 */
export function parseTzs(text: string): ParsedTzs {
  const typed = text.trim().replace(/^TZS\s*/i, '');
  if (!GROUPED.test(typed) && !PLAIN.test(typed)) {
    return { ok: false, problem: 'format' };
  }
  const [whole = '0', fraction = ''] = typed.replaceAll(',', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  // The API carries cents as JSON numbers: beyond 2^53 they would no longer be exact.
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'tooLarge' };
  return { ok: true, cents: Number(cents) };
}

/** Cents as the text of an amount input ("12,345.50"): what parseTzs reads back to the same cents. */
export function tzsInputText(cents: number): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  const shillings = String(abs / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0n ? '-' : ''}${shillings}.${String(abs % 100n).padStart(2, '0')}`;
}
