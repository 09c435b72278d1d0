// API keys and their public shape: never the secret, which is shown once at creation.
import type { Ctx } from '../context.ts';
import { orNotFound, wellFormedId } from '../find-owned.ts';
import type { ApiKey } from '../../db/entities/api-key.ts';
import { findApiKey as findOrganizationApiKey } from '../../db/api-keys/api-keys.ts';

export type { ApiKey };

export const MAX_ACTIVE_KEYS = 20;

/** active: usable and counted; rotated: usable until its grace ends, not counted; revoked and expired: refused. */
export function keyStatus(key: ApiKey, now: Date): 'active' | 'rotated' | 'revoked' | 'expired' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt <= now) return 'expired';
  if (key.rotatedAt) return key.graceUntil && key.graceUntil > now ? 'rotated' : 'expired';
  return 'active';
}

/** One of the organization's keys, or 404; `lock` holds its row for update. */
export async function findApiKey(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<ApiKey> {
  return orNotFound(wellFormedId(id) ? await findOrganizationApiKey(ctx.em, organizationId, id, lock) : null, 'API key', id);
}

export function apiKeyView(key: ApiKey, now: Date) {
  return {
    id: key.id,
    name: key.name,
    mode: key.mode,
    scopes: key.scopes,
    status: keyStatus(key, now),
    redacted: `${key.displayPrefix}…${key.lastFour}`,
    created_by: key.createdByMemberId,
    held_by: key.heldByMemberId,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
    rotated_at: key.rotatedAt?.toISOString() ?? null,
    grace_until: key.graceUntil?.toISOString() ?? null,
    replaced_by: key.replacedById,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}
