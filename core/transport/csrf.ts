// The CSRF rule for session callers: every state-changing call carries the token bound to its session.
import type { Actor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { csrfTokenValid } from './tokens.ts';

export function requireCsrf(actor: Actor, sessionToken: string | null, token: string | undefined): void {
  if (actor.kind !== 'member') return;
  if (!csrfTokenValid(sessionToken ?? '', actor.sessionId, token)) {
    throw new DomainError('forbidden', 'X-CSRF-Token is missing or does not belong to this session (send the value of the ujm_csrf cookie).', {
      field: 'X-CSRF-Token',
    });
  }
}
