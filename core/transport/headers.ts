// The request and answer headers the service's own conventions use, named once for every adapter.

/** A caller's key for an operation that acts once per key (SPEC Idempotency). */
export const IDEMPOTENCY_KEY_HEADER = 'X-Idempotency-Key';
/** Set to `true` on an answer that repeats an earlier one. */
export const REPLAY_HEADER = 'X-Idempotent-Replay';
/** A session caller's CSRF token on a state-changing call (the value of the ujm_csrf cookie). */
export const CSRF_HEADER = 'X-CSRF-Token';
/** A cookie the answer sets, one header line each. */
export const SET_COOKIE_HEADER = 'Set-Cookie';
/** The media type of a request's body. */
export const CONTENT_TYPE_HEADER = 'Content-Type';
/** Seconds to wait before retrying a refusal that says when to come back (rate_limited, busy). */
export const RETRY_AFTER_HEADER = 'Retry-After';

/** The first value of a request header (a repeated header's first). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
