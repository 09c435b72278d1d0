// The one answer every surface (REST, tRPC, GraphQL) gives when the database cannot serve: 503 busy with Retry-After.
import { DomainError } from '../domain/errors.ts';
import { isContention } from '../db/contention.ts';
import { DATABASE_RETRY_AFTER, isDatabaseUnavailable } from '../db/unavailable.ts';

/**
 * busy for a failure that is the service's state rather than the request's: contention that outlasted every
 * retry (contention.ts), or a database that is down, frozen or out of time. The message names no host,
 * statement or driver text. Null for anything else.
 */
export function busyError(err: unknown): DomainError | null {
  if (isContention(err)) return new DomainError('busy', 'The service is busy; retry after 1 s.', { retryAfter: 1 });
  if (isDatabaseUnavailable(err)) {
    return new DomainError('busy', `The service is busy; retry after ${DATABASE_RETRY_AFTER} s.`, { retryAfter: DATABASE_RETRY_AFTER });
  }
  return null;
}

/**
 * Logs database faults at most once per interval: an outage fails every request, and a line each would
 * bury the first one, which says what happened.
 */
export function throttledFaultLog(log: (message: string, err: unknown) => void, intervalMs = 10_000): (err: unknown) => void {
  let lastAt = -Infinity;
  let quiet = 0;
  return (err) => {
    if (!isDatabaseUnavailable(err)) return;
    const at = performance.now();
    if (at - lastAt < intervalMs) {
      quiet += 1;
      return;
    }
    lastAt = at;
    log(quiet > 0 ? `database busy or unavailable (${quiet} more since the last report)` : 'database busy or unavailable', err);
    quiet = 0;
  };
}
