// PATCH /v1/members/{id}: change a member's role or name.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { changeMember } from '../../db/members/members.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findMember, memberView } from './member-view.ts';
import { assertMayChangeMember, assertMayGrantRole, assertNotLastOwner } from './role-rules.ts';
import { revokeKeysOfChange } from '../api-keys/key-holders.ts';
import { type TUpdateMemberBody } from '../../inputs/members.ts';

export const access: Access = { scopes: [], permission: 'members.manage' };

export async function updateMember(ctx: Ctx, actor: TenantActor, id: string, body: TUpdateMemberBody) {
  return inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, actor.organizationId, id, true);
    assertMayChangeMember(actor, member.role);
    if (body.role !== undefined && body.role !== member.role) {
      assertMayGrantRole(actor, body.role);
      if (member.role === 'owner') await assertNotLastOwner(tx, actor.organizationId, member.id);
    }
    const fromRole = member.role;
    await changeMember(tx.em, member, body, tx.now);
    // Keys follow their holder: those the new role may not hold are revoked with the change.
    const revoked = body.role !== undefined && body.role !== fromRole
      ? await revokeKeysOfChange(tx, actor, { organizationId: actor.organizationId, memberId: id, role: body.role }, fromRole)
      : [];
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'member.updated',
      targetType: 'member',
      targetId: id,
      details: { from_role: fromRole, ...body, ...(revoked.length ? { revoked_api_keys: revoked.map((k) => k.id) } : {}) },
    });
    return { member: memberView(member) };
  });
}
