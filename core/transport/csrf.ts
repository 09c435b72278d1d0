// The CSRF rule for session callers, as every adapter applies it: a state-changing call carries the token bound
// to its session in X-CSRF-Token (OWASP's signed double submit; the page reads it from the ujm_csrf cookie).
import type { Actor } from '../app/actor.ts';
import { DomainError } from '../domain/errors.ts';
import { csrfTokenValid } from '../app/auth/tokens.ts';
import { CSRF_COOKIE } from './cookies.ts';
import { CSRF_HEADER } from './headers.ts';

export function requireCsrf(actor: Actor, sessionToken: string | null, token: string | undefined): void {
  if (actor.kind !== 'member') return;
  if (!csrfTokenValid(sessionToken ?? '', actor.sessionId, token)) {
    throw new DomainError('forbidden', `${CSRF_HEADER} is missing or does not belong to this session (send the value of the ${CSRF_COOKIE} cookie).`, {
      field: CSRF_HEADER,
    });
  }
}
