// GET /v1/sender-ids: the organization's sender IDs with both approvals.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findSenderIds } from '../../db/sender-ids/sender-ids.ts';
import { senderIdView } from './sender-id-view.ts';

export const access: Access = { scopes: ['sender_ids:read'], permission: 'sender_ids.read' };

export async function listSenderIds(ctx: Ctx, actor: TenantActor) {
  const found = await findSenderIds(ctx.em, actor.organizationId);
  return { sender_ids: found.map(senderIdView) };
}
