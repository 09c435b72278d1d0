// Who may do what: key scopes, member permissions and roles (SPEC Authentication, DESIGN.md section 5).

export const SCOPES = [
  'messages:send',
  'messages:read',
  'campaigns:read',
  'campaigns:write',
  'sender_ids:read',
  'wallet:read',
  'webhooks:read',
] as const;
export type Scope = (typeof SCOPES)[number];

export const PERMISSIONS = [
  // One permission per key scope (DESIGN.md: scopes map to permissions one to one).
  'messages.send',
  'messages.read',
  'campaigns.read',
  'campaigns.write',
  'sender_ids.read',
  'wallet.read',
  'webhooks.read',
  // Members only.
  'campaigns.launch',
  'contacts.read',
  'contacts.write',
  'opt_outs.write',
  'imports.write',
  'sender_ids.request',
  'wallet.top_up',
  'wallet.manage',
  'webhooks.write',
  'api_keys.manage',
  'members.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'admin', 'developer', 'marketer', 'analyst', 'billing'] as const;
export type Role = (typeof ROLES)[number];

export function permissionOfScope(scope: Scope): Permission {
  return scope.replace(':', '.') as Permission;
}

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  developer: [
    'messages.send',
    'messages.read',
    'api_keys.manage',
    'webhooks.read',
    'webhooks.write',
    'sender_ids.read',
    'sender_ids.request',
    'wallet.read',
  ],
  marketer: [
    'contacts.read',
    'contacts.write',
    'campaigns.read',
    'campaigns.write',
    'campaigns.launch',
    'opt_outs.write',
    'imports.write',
    // A marketer picks the sender of a campaign, so it must see them.
    'sender_ids.read',
  ],
  analyst: ['messages.read', 'campaigns.read', 'sender_ids.read', 'wallet.read', 'webhooks.read'],
  billing: ['wallet.read', 'wallet.top_up', 'wallet.manage'],
};

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

/** Scopes a live key may hold when created by a member of this role: those the role may do itself. */
export function scopesBeyondRole(role: Role, scopes: readonly Scope[]): Scope[] {
  return scopes.filter((s) => !roleHas(role, permissionOfScope(s)));
}

/** What an operation accepts: key scopes (empty: members only) and the member permission (null: any member). */
export interface Access {
  scopes: readonly Scope[];
  permission: Permission | null;
}

export type Decision = 'allowed' | 'insufficient_scope' | 'forbidden';

export function decideKey(access: Access, keyScopes: readonly Scope[]): Decision {
  if (access.scopes.length === 0) return 'insufficient_scope';
  // The operation lists the scopes it accepts; holding any one of them is enough.
  return access.scopes.some((s) => keyScopes.includes(s)) ? 'allowed' : 'insufficient_scope';
}

export function decideMember(access: Access, role: Role): Decision {
  if (access.permission === null) return 'allowed';
  return roleHas(role, access.permission) ? 'allowed' : 'forbidden';
}
