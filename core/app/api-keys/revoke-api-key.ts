// POST /v1/api-keys/{id}/revoke: the key stops working at once.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { revokeApiKeys } from '../../db/api-keys/api-keys.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { apiKeyView, findApiKey } from './api-key-view.ts';

export const access: Access = { scopes: [], permission: 'api_keys.manage' };

export async function revokeApiKey(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const key = await findApiKey(tx, actor.organizationId, id, true);
    // Revoking twice keeps the first revocation time.
    if (!key.revokedAt) {
      await revokeApiKeys(tx.em, [key], tx.now);
      await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'api_key.revoked', targetType: 'api_key', targetId: id });
    }
    return { api_key: apiKeyView(key, tx.now) };
  });
}
