// POST /v1/api-keys/{id}/reassign: an owner or admin gives a working key another holder (before its holder leaves
// or changes role), so that it is not revoked with them. The new holder's role must be able to hold it.
import type { Access } from '../../domain/access.ts';
import { holdingShortfall } from '../../domain/key-holding.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { type TReassignApiKeyBody } from '../../inputs/api-keys.ts';
import { setApiKeyHolder } from '../../db/api-keys/api-keys.ts';
import { findMemberForShare } from '../../db/members/members.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { apiKeyView, findApiKey, keyStatus } from './api-key-view.ts';

// Moving a key between members is part of managing members (an off-boarding step): owners and admins.
export const access: Access = { scopes: [], permission: 'members.manage' };

export async function reassignApiKey(ctx: Ctx, actor: TenantActor, id: string, body: TReassignApiKeyBody) {
  return inTransaction(ctx, async (tx) => {
    // The new holder's row first (as a member change takes it), held until the key is theirs: a removal or a new
    // role of theirs waits and then sees the key.
    const holder = await findMemberForShare(tx.em, actor.organizationId, body.member_id);
    const key = await findApiKey(tx, actor.organizationId, id, true);
    if (!holder) throw new DomainError('validation_failed', `member_id: no member of the organization has the id ${body.member_id}.`, { field: 'member_id' });
    const status = keyStatus(key, tx.now);
    if (status !== 'active' && status !== 'rotated') {
      throw new DomainError('api_key_not_active', `Only a working key can be re-assigned; this one is ${status}.`);
    }
    const beyond = holdingShortfall(holder.role, key);
    if (beyond.length) {
      const what = key.mode === 'live' ? `a live key with ${beyond.join(', ')}` : 'a test key: the role does not manage API keys';
      throw new DomainError('scope_exceeds_role', `${holder.email}'s role (${holder.role}) cannot hold ${what}.`, { field: 'member_id' });
    }
    if (key.heldByMemberId !== holder.id) {
      const from = key.heldByMemberId;
      await setApiKeyHolder(tx.em, key, holder.id);
      await recordAudit(tx, actor, {
        organizationId: actor.organizationId,
        action: 'api_key.reassigned',
        targetType: 'api_key',
        targetId: id,
        details: { from_member_id: from, to_member_id: holder.id },
      });
    }
    return { api_key: apiKeyView(key, tx.now) };
  });
}
