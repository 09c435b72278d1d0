// Failures that say the database cannot serve right now (down, frozen, restarting, out of time or connections),
// not that the request was wrong: callers answer them 503 busy with Retry-After, never 500.

/** Seconds a caller waits after a database fault: a restart or a failover takes seconds, and callers hammering it help nobody. */
export const DATABASE_RETRY_AFTER = 5;

/**
 * SQLSTATEs: query_canceled (statement_timeout), lock_not_available (lock_timeout), admin_shutdown,
 * crash_shutdown, cannot_connect_now, too_many_connections, idle_in_transaction_session_timeout.
 * Class 08 (connection exceptions) is matched by its prefix.
 */
const SQL_STATES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '53300', '25P03']);

/** Socket failures on the way to the database (request handlers reach no other server). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** pg and pg-pool raise these as plain Errors without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // the server or our guard closed the connection; also the connect timeout
  /timeout exceeded when trying to connect/, // no pooled connection freed in connectionTimeoutMillis
  /^timeout expired$/,
  /Query read timeout/,
  /is not queryable/, // a query on a connection that already failed
  /Cannot use a pool after calling end/, // the pool closes at shutdown
];

function matches(err: object): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SQL_STATES.has(code) || NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((re) => re.test(message));
}

/** True when err (or what it wraps: the ORM's DriverException, an AggregateError of several addresses) is such a failure. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  if (matches(err)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
