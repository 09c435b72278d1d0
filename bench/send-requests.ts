// Request factory for the send benchmark (runs in the load generator's thread): live keys in turn, fresh numbers.
import type { GeneratedRequest } from './load.ts';

/** One prefix of each operator's range, taken in turn with `mixed` (Vodacom, Airtel, Yas, Halotel, TTCL). */
const MIX = [75, 68, 65, 62, 73];

export function createRequests(params: { keys: string[]; seed: number; delivered?: boolean; mixed?: boolean }): (n: number) => GeneratedRequest {
  return (n) => {
    const key = params.keys[n % params.keys.length]!;
    // A fresh number for every request keeps the per-recipient hourly bound out of the way; `delivered` keeps to
    // numbers ending in 10, which the simulator accepts and receipts as delivered (other endings pick other outcomes).
    const prefix = params.mixed ? MIX[n % MIX.length]! : 75;
    const national = params.delivered ? prefix * 10_000_000 + 10 + (((params.seed * 100_003 + n) % 99_999) * 100) : 740_000_000 + ((params.seed + n * 7919) % 9_999_999);
    return {
      headers: { authorization: `Bearer ${key}`, 'x-idempotency-key': `bench-${params.seed}-${n}` },
      body: JSON.stringify({ to: `+255${national}`, from: 'UJUMBE', body: 'Habari! Oda yako imefika.', client_ref: `bench-${n}` }),
    };
  };
}
