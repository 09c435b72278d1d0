// The roles' descriptions the member form shows are the permissions the server grants, exactly: for every role
// and every permission, listed if and only if authorize() lets a member of that role through.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, decideMember } from '../../core/domain/access.ts';
import { PERMISSION_DESCRIPTIONS, describeRoles } from '../../core/domain/role-descriptions.ts';
import { authorize } from '../../core/app/actor.ts';

describe('what each role may do', () => {
  it('lists for each role exactly the permissions the server grants it', () => {
    const described = describeRoles();
    expect(described.map((r) => r.role)).toEqual([...ROLES]);
    for (const { role, permissions } of described) {
      const listed = permissions.map((p) => p.permission);
      const granted = PERMISSIONS.filter((permission) => {
        const actor = { kind: 'member' as const, organizationId: 'o', memberId: 'm', role, sessionId: 's' };
        try {
          authorize(actor, { scopes: [], permission });
          return true;
        } catch {
          return false;
        }
      });
      expect(listed, role).toEqual(granted);
      expect(granted.every((p) => decideMember({ scopes: [], permission: p }, role) === 'allowed')).toBe(true);
    }
  });

  it('describes every permission in a line of its own', () => {
    for (const permission of PERMISSIONS) expect(PERMISSION_DESCRIPTIONS[permission].length, permission).toBeGreaterThan(10);
    for (const role of describeRoles()) {
      expect(role.description.length).toBeGreaterThan(10);
      for (const p of role.permissions) expect(p.description).toBe(PERMISSION_DESCRIPTIONS[p.permission]);
    }
  });
});
