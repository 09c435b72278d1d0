// Keys follow their holder: the keys a member change (removal, or a new role) revokes, listed before the change
// and revoked inside its transaction, each with an audit event that says why.
import type { Role } from '../../domain/access.ts';
import type { HolderChangeReason } from '../../domain/key-holding.ts';
import { holdingShortfall } from '../../domain/key-holding.ts';
import type { Ctx } from '../context.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { findApiKeysHeldBy, revokeApiKeys } from '../../db/api-keys/api-keys.ts';
import { findMemberForShare } from '../../db/members/members.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ApiKey } from './api-key-view.ts';
import { keyStatus } from './api-key-view.ts';

/** A member leaving (role null) or taking a new role. */
export interface HolderChange {
  organizationId: string;
  memberId: string;
  role: Role | null;
}

export interface RevokedByChange {
  key: ApiKey;
  /** What the new role lacks (scopes, or api_keys.manage for a test key); empty for a removal. */
  beyond: string[];
}

/**
 * The keys the change would revoke: those the member holds that still work (active, or rotated within their
 * grace) and that the new role may not hold; every one of them for a removal. `lock` takes their rows, as the
 * change itself does (the member's row is locked first).
 */
export async function keysRevokedBy(ctx: Ctx, change: HolderChange, lock = false): Promise<RevokedByChange[]> {
  const held = await findApiKeysHeldBy(ctx.em, change.organizationId, change.memberId, lock);
  return held
    .filter((key) => ['active', 'rotated'].includes(keyStatus(key, ctx.now)))
    .map((key) => ({ key, beyond: change.role === null ? [] : holdingShortfall(change.role, key) }))
    .filter((k) => change.role === null || k.beyond.length > 0);
}

/** Revokes, inside the member change's transaction, what keysRevokedBy lists; returns the keys revoked. */
export async function revokeKeysOfChange(ctx: Ctx, actor: TenantActor, change: HolderChange, fromRole: Role): Promise<ApiKey[]> {
  const revoked = await keysRevokedBy(ctx, change, true);
  if (revoked.length === 0) return [];
  await revokeApiKeys(ctx.em, revoked.map((r) => r.key), ctx.now);
  const reason: HolderChangeReason = change.role === null ? 'holder_removed' : 'holder_role_changed';
  for (const { key, beyond } of revoked) {
    await recordAudit(ctx, actor, {
      organizationId: change.organizationId,
      action: 'api_key.revoked',
      targetType: 'api_key',
      targetId: key.id,
      details: { reason, member_id: change.memberId, from_role: fromRole, ...(change.role === null ? {} : { to_role: change.role, beyond }) },
    });
  }
  return revoked.map((r) => r.key);
}

/**
 * A member granting a key, with the role their row holds now (locked for share until the transaction ends) rather
 * than the one their session read: a removal or a new role committed in between is seen, and one that comes after
 * waits for the key and then revokes it. Members' rows are locked before the organization's, as a member change does.
 */
export async function withCurrentRole<A extends Actor>(ctx: Ctx, actor: A): Promise<A> {
  if (actor.kind !== 'member') return actor;
  const member = await findMemberForShare(ctx.em, actor.organizationId, actor.memberId);
  if (!member) throw new DomainError('unauthorized', 'A valid API key or a signed-in session is needed.');
  return { ...actor, role: member.role };
}
