// DELETE /v1/members/{id}: the member loses access at once (sessions ended, the keys they hold revoked); the row
// stays for the audit log.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { removeMember } from '../../db/members/members.ts';
import { endSessionsOfMember } from '../../db/auth/sessions.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findMember } from './member-view.ts';
import { assertMayChangeMember, assertNotLastOwner } from './role-rules.ts';
import { revokeKeysOfChange } from '../api-keys/key-holders.ts';

export const access: Access = { scopes: [], permission: 'members.manage' };

export async function deleteMember(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, actor.organizationId, id, true);
    assertMayChangeMember(actor, member.role);
    if (member.role === 'owner') await assertNotLastOwner(tx, actor.organizationId, member.id);
    await removeMember(tx.em, member, tx.now);
    await endSessionsOfMember(tx.em, member.id, tx.now);
    // Keys follow their holder: every key still held by the member is revoked with the removal.
    const revoked = await revokeKeysOfChange(tx, actor, { organizationId: actor.organizationId, memberId: id, role: null }, member.role);
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'member.deleted',
      targetType: 'member',
      targetId: id,
      details: { email: member.email, ...(revoked.length ? { revoked_api_keys: revoked.map((k) => k.id) } : {}) },
    });
    return { id, deleted: true };
  });
}
