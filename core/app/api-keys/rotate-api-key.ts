// POST /v1/api-keys/{id}/rotate: a replacement with the same name, mode and scopes; the old key keeps a grace period.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { markApiKeyRotated } from '../../db/api-keys/api-keys.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { apiKeyView, findApiKey, keyStatus } from './api-key-view.ts';
import { issueApiKey, mayGrant } from './create-api-key.ts';
import { withCurrentRole } from './key-holders.ts';
import { type TRotateApiKeyBody } from '../../inputs/api-keys.ts';

export const access: Access = { scopes: [], permission: 'api_keys.manage' };

export async function rotateApiKey(ctx: Ctx, actor: TenantActor, id: string, body: TRotateApiKeyBody) {
  return inTransaction(ctx, async (tx) => {
    const granter = await withCurrentRole(tx, actor);
    const org = await requireOrganization(tx, actor.organizationId, true);
    const old = await findApiKey(tx, actor.organizationId, id, true);
    const status = keyStatus(old, tx.now);
    if (status !== 'active') throw new DomainError('api_key_not_active', `Only an active key can be rotated; this one is ${status}.`);
    // Rotation is creation: the member receives (and holds) a new secret with these scopes.
    mayGrant(granter, org.verified, old.mode, old.scopes);
    // The replacement keeps the original lifetime, counted from now.
    const lifetimeMs = old.expiresAt.getTime() - old.createdAt.getTime();
    const { key, secret } = await issueApiKey(tx, {
      organizationId: actor.organizationId,
      name: old.name,
      mode: old.mode,
      scopes: old.scopes,
      expiresAt: new Date(tx.now.getTime() + lifetimeMs),
      createdBy: actor.kind === 'member' ? actor.memberId : old.createdByMemberId,
    });
    const graceUntil = new Date(Math.min(tx.now.getTime() + body.grace_hours * 3600_000, old.expiresAt.getTime()));
    await markApiKeyRotated(tx.em, old, { at: tx.now, graceUntil, replacedById: key.id });
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'api_key.rotated', targetType: 'api_key', targetId: id, details: { replaced_by: key.id, grace_hours: body.grace_hours } });
    return { api_key: apiKeyView(key, tx.now), secret, rotated: apiKeyView(old, tx.now) };
  });
}
