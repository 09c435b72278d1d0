// Whether a member's role may hold an API key: a key never lets anyone do more than its holder may
// (SPEC Authentication 5 and 6, kept true for the key's whole life, not only at its creation).
import type { Role, Scope } from './access.ts';
import { roleHas, scopesBeyondRole } from './access.ts';

export interface HeldKey {
  mode: 'test' | 'live';
  scopes: readonly Scope[];
}

/**
 * What the role lacks to hold the key; empty when it may. A live key's scopes must each be something the role
 * may do itself (the scopes beyond it are listed). A test key reaches neither a provider nor the wallet and
 * may carry any scope, but only a member who manages API keys may give one (the permission is listed).
 */
export function holdingShortfall(role: Role, key: HeldKey): string[] {
  if (key.mode === 'live') return scopesBeyondRole(role, key.scopes);
  return roleHas(role, 'api_keys.manage') ? [] : ['api_keys.manage'];
}

export function mayHoldKey(role: Role, key: HeldKey): boolean {
  return holdingShortfall(role, key).length === 0;
}

/** Why a member change revokes a key, as its audit event says. */
export type HolderChangeReason = 'holder_removed' | 'holder_role_changed';
