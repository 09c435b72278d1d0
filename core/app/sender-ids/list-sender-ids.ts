// GET /v1/sender-ids: the organization's sender IDs with both approvals.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { rows } from '../../db/sql.ts';
import type { SenderIdRow } from './sender-id-view.ts';
import { senderIdView } from './sender-id-view.ts';

export const access: Access = { scopes: ['sender_ids:read'], permission: 'sender_ids.read' };

export async function listSenderIds(ctx: Ctx, actor: TenantActor) {
  const found = await rows<SenderIdRow>(ctx.em, 'select * from sender_ids where organization_id = ? order by name', [actor.organizationId]);
  return { sender_ids: found.map(senderIdView) };
}
