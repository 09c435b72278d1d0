// Who may read what over GraphQL, as Pothos auth scopes: each field names the access of the use case it calls
// (the one REST and tRPC check), met by a member whose role has its permission or a key holding one of its
// scopes (DESIGN.md 5); a refusal is the one REST gives.
import { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import { decideKey, decideMember, ROLES, roleHas, SCOPES, type Access, type Permission, type Scope } from '../core/domain/access.ts';
import { authorize, type TenantActor } from '../core/app/actor.ts';
import { DomainError } from '../core/domain/errors.ts';

export interface AuthScopes {
  /** A signed-in member whose role has this permission (null: any member). */
  memberPermission: Permission | null;
  /** An API key holding one of these scopes (none: no key). */
  keyScopes: readonly Scope[];
}

/** The scopes of a caller: only a member can meet a permission, only a key its scopes. */
export const callerScopes = (actor: TenantActor) => ({
  memberPermission: actor.kind === 'member' && ((permission: Permission | null) => decideMember({ scopes: [], permission }, actor.role) === 'allowed'),
  keyScopes: actor.kind === 'key' && ((scopes: readonly Scope[]) => decideKey({ scopes, permission: null }, actor.scopes) === 'allowed'),
});

/** A field's auth scopes: the access of the use case behind it. */
export const allowedBy = (access: Access) => ({ memberPermission: access.permission, keyScopes: access.scopes });

/** Who may read a field, in words for the schema's descriptions, from the same access its auth scopes check. */
export function whoMayRead(access: Access): string {
  const keys =
    access.scopes.length === 0
      ? 'no API key'
      : access.scopes.length === SCOPES.length
        ? 'any API key'
        : `an API key with the scope ${access.scopes.join(' or ')}`;
  const { permission } = access;
  const members =
    permission === null ? 'any signed-in member' : `a member with ${permission} (roles ${ROLES.filter((role) => roleHas(role, permission)).join(', ')})`;
  return `Readable by ${members}, and by ${keys}.`;
}

/** The access a failed check asked for, read back from the scopes that failed. */
function accessOf(failure: AuthFailure): Access {
  const access: { scopes: readonly Scope[]; permission: Permission | null } = { scopes: [], permission: null };
  const visit = (f: AuthFailure): void => {
    if (f.kind === AuthScopeFailureType.AnyAuthScopes || f.kind === AuthScopeFailureType.AllAuthScopes) f.failures.forEach(visit);
    else if (f.kind === AuthScopeFailureType.AuthScope && f.scope === 'memberPermission') access.permission = f.parameter as Permission | null;
    else if (f.kind === AuthScopeFailureType.AuthScope && f.scope === 'keyScopes') access.scopes = f.parameter as readonly Scope[];
  };
  visit(failure);
  return access;
}

/** The refusal of a field the caller may not read: 403 insufficient_scope for keys, forbidden for members, as in REST. */
export function refusal(actor: TenantActor, failure: AuthFailure): Error {
  try {
    authorize(actor, accessOf(failure));
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  return new DomainError('forbidden', 'This field is not yours to read.');
}
