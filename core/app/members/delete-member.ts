// DELETE /v1/members/{id}: the member loses access at once (sessions ended); the row stays for the audit log.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { exec } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findMember } from './member-view.ts';
import { assertMayChangeMember, assertNotLastOwner } from './role-rules.ts';

export const access: Access = { scopes: [], permission: 'members.manage' };

export async function deleteMember(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, actor.organizationId, id, true);
    assertMayChangeMember(actor, member.role);
    if (member.role === 'owner') await assertNotLastOwner(tx, actor.organizationId, member.id);
    await exec(tx.em, 'update members set deleted_at = ?, updated_at = ? where id = ?', [tx.now, tx.now, id]);
    await exec(tx.em, 'update sessions set ended_at = ? where member_id = ? and ended_at is null', [tx.now, id]);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'member.deleted', targetType: 'member', targetId: id, details: { email: member.email } });
    return { id, deleted: true };
  });
}
