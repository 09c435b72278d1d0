// The caller of a use case: an API key, a signed-in member, or the operator CLI.
import type { Access, Permission, Role, Scope } from '../domain/access.ts';
import { decideKey, decideMember, roleHas } from '../domain/access.ts';
import { DomainError } from '../domain/errors.ts';

export type Mode = 'test' | 'live';

export type Actor =
  | { kind: 'key'; organizationId: string; keyId: string; mode: Mode; scopes: readonly Scope[] }
  | { kind: 'member'; organizationId: string; memberId: string; role: Role; sessionId: string }
  | { kind: 'operator' };

export type TenantActor = Exclude<Actor, { kind: 'operator' }>;

/** Refuses a caller the operation does not accept: 403 insufficient_scope for keys, 403 forbidden for members. */
export function authorize(actor: Actor, access: Access): void {
  if (actor.kind === 'operator') return;
  if (actor.kind === 'key') {
    if (decideKey(access, actor.scopes) !== 'allowed') {
      const needed = access.scopes.length ? access.scopes.join(' or ') : 'a signed-in member';
      throw new DomainError('insufficient_scope', `This operation needs ${needed}; the API key does not allow it.`);
    }
    return;
  }
  if (decideMember(access, actor.role) !== 'allowed') {
    throw new DomainError('forbidden', `Your role (${actor.role}) does not have the permission ${access.permission}.`);
  }
}

export function memberCan(actor: Actor, permission: Permission): boolean {
  return actor.kind === 'operator' || (actor.kind === 'member' && roleHas(actor.role, permission));
}

export function actorRef(actor: Actor): { actorType: 'member' | 'api_key' | 'operator'; actorId: string | null } {
  if (actor.kind === 'member') return { actorType: 'member', actorId: actor.memberId };
  if (actor.kind === 'key') return { actorType: 'api_key', actorId: actor.keyId };
  return { actorType: 'operator', actorId: null };
}

/**
 * Whether the caller may read live data: money and campaigns are live only (test mode never touches the
 * wallet and cannot make campaigns), so a test key sees an empty test wallet, no ledger entries and no
 * campaign; members and live keys see them.
 */
export function seesLiveData(actor: Actor): boolean {
  return !(actor.kind === 'key' && actor.mode === 'test');
}
