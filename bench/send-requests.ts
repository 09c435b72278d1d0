// Request factory for the send benchmark (runs in the load generator's thread): live keys in turn, fresh numbers.
import type { GeneratedRequest } from './load.ts';

export function createRequests(params: { keys: string[]; seed: number; delivered?: boolean }): (n: number) => GeneratedRequest {
  return (n) => {
    const key = params.keys[n % params.keys.length]!;
    // A fresh number for every request keeps the per-recipient hourly bound out of the way; `delivered` keeps to
    // numbers ending in 10, which the simulator accepts and receipts as delivered (other endings pick other outcomes).
    const national = params.delivered ? 750_000_010 + (((params.seed * 100_003 + n) % 99_999) * 100) : 740_000_000 + ((params.seed + n * 7919) % 9_999_999);
    return {
      headers: { authorization: `Bearer ${key}`, 'x-idempotency-key': `bench-${params.seed}-${n}` },
      body: JSON.stringify({ to: `+255${national}`, from: 'UJUMBE', body: 'Habari! Oda yako imefika.', client_ref: `bench-${n}` }),
    };
  };
}
