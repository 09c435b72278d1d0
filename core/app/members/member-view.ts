// Members and their public shape (never the password hash).
import type { Ctx } from '../context.ts';
import { orNotFound, wellFormedId } from '../find-owned.ts';
import { permissionsOf } from '../../domain/access.ts';
import type { Member } from '../../db/entities/member.ts';
import { findMember as findOrganizationMember } from '../../db/members/members.ts';

export type { Member };

// Who a member is, as the dashboard's forms check it too.
export { ZEmail, ZMemberName, ZRole } from '../../inputs/members.ts';

/** A live member of the organization, or 404; `lock` holds the row for update. */
export async function findMember(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<Member> {
  return orNotFound(wellFormedId(id) ? await findOrganizationMember(ctx.em, organizationId, id, lock) : null, 'member', id);
}

export function memberView(member: Member) {
  return {
    id: member.id,
    organization_id: member.organizationId,
    email: member.email,
    name: member.name,
    role: member.role,
    permissions: permissionsOf(member.role),
    created_at: member.createdAt.toISOString(),
    updated_at: member.updatedAt.toISOString(),
  };
}
