// Amounts as text in shillings with two decimals, from integer cents (never through a float): the exports' form.
// Its SQL twin is cents_as_tzs (migration 0028).

export function centsAsTzs(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
