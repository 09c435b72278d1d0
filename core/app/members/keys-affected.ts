// GET /v1/members/{id}/affected-api-keys: the API keys a change of this member would revoke (removal, or with `role` a
// new role), shown before the change is confirmed; an owner or admin may re-assign them first.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { apiKeyView } from '../api-keys/api-key-view.ts';
import { keysRevokedBy } from '../api-keys/key-holders.ts';
import { findMember } from './member-view.ts';
import { type TKeysAffectedQuery } from '../../inputs/members.ts';

export const access: Access = { scopes: [], permission: 'members.manage' };

export async function keysAffected(ctx: Ctx, actor: TenantActor, id: string, query: TKeysAffectedQuery) {
  const member = await findMember(ctx, actor.organizationId, id);
  // The same role is no change: nothing is revoked.
  const revoked = query.role === member.role ? [] : await keysRevokedBy(ctx, { organizationId: actor.organizationId, memberId: id, role: query.role ?? null });
  return {
    change: query.role === undefined ? { kind: 'removal' as const } : { kind: 'role' as const, role: query.role },
    api_keys: revoked.map(({ key, beyond }) => ({ ...apiKeyView(key, ctx.now), beyond_role: beyond })),
  };
}
