// What each role may do, with a line a permission, for the member form and the invitation form: the table the
// server enforces (core/domain/access.ts), described by core/domain/role-descriptions.ts.
import type { Access } from '../../domain/access.ts';
import { describeRoles } from '../../domain/role-descriptions.ts';

/** Any member: knowing what a role may do is not a secret of the organization. */
export const access: Access = { scopes: [], permission: null };

export function listRoles() {
  return { roles: describeRoles() };
}
