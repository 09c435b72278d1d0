// Money as the dashboard shows it: TZS from integer cents ("TZS 12,345.00"), never through floating point. The
// shillings are grouped as the language shown groups them (en-TZ and sw-TZ alike: 12,345); the code TZS is the same
// in both languages, as on the ledger's exports.
import { numberFormat } from './locale.ts';

/** Cents as an exact integer: JSON numbers from the API, or bigint. */
function toCents(cents: number | bigint): bigint {
  if (typeof cents === 'bigint') return cents;
  if (!Number.isSafeInteger(cents)) throw new TypeError(`an amount in cents must be an integer, not ${cents}`);
  return BigInt(cents);
}

/** "TZS 12,345.00" for 1234500 cents; "-TZS 20.00" for -2000. */
export function formatTzs(cents: number | bigint): string {
  const value = toCents(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const shillings = numberFormat({ useGrouping: true }).format(abs / 100n);
  const fraction = String(abs % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}TZS ${shillings}.${fraction}`;
}
