// A transaction that meets a deadlock or a serialization failure is run again whole, a few times with jitter,
// before anyone sees an error: contention is the service's business, never a caller's (lock-order.ts keeps
// it rare). Only failures PostgreSQL names as safe to retry qualify; the rolled-back attempt left nothing.

/** deadlock_detected, serialization_failure. */
const RETRYABLE = new Set(['40P01', '40001']);
export const MAX_ATTEMPTS = 6;

export function isContention(err: unknown): boolean {
  return typeof err === 'object' && err !== null && RETRYABLE.has(String((err as { code?: unknown }).code));
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));

/** Runs the whole transaction again after contention; after MAX_ATTEMPTS the last failure is thrown. */
export async function retryingContention<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (!isContention(err) || attempt >= MAX_ATTEMPTS) throw err;
      await pause(attempt);
    }
  }
}
