// POST /v1/sender-ids: a member asks the service to approve a sender ID for some traffic classes.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import { exec, pgArray } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { ZSenderName, ZTrafficClasses, findSenderByName, senderIdView } from './sender-id-view.ts';

export const access: Access = { scopes: [], permission: 'sender_ids.request' };

export const ZRequestSenderIdBody = z.strictObject({
  name: ZSenderName,
  traffic_classes: ZTrafficClasses.default(['transactional']),
  note: z.string().trim().max(500).optional(),
});
export type TRequestSenderIdBody = z.infer<typeof ZRequestSenderIdBody>;

export async function requestSenderId(ctx: Ctx, actor: TenantActor, body: TRequestSenderIdBody) {
  return inTransaction(ctx, async (tx) => {
    // The organization lock serialises requests for one organization, so a duplicate meets the check below.
    await requireOrganization(tx, actor.organizationId, true);
    if (await findSenderByName(tx, actor.organizationId, body.name)) {
      throw new DomainError('sender_id_exists', `The organization already has the sender ID ${body.name}.`, { field: 'name' });
    }
    const id = newId();
    await exec(
      tx.em,
      `insert into sender_ids (id, organization_id, name, status, requested_classes, requested_by_member_id, note,
         created_at, updated_at)
       values (?, ?, ?, 'requested', ?::text[], ?, ?, ?, ?)`,
      [id, actor.organizationId, body.name, pgArray(body.traffic_classes), actor.kind === 'member' ? actor.memberId : null, body.note ?? null, tx.now, tx.now],
    );
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'sender_id.requested',
      targetType: 'sender_id',
      targetId: id,
      details: { name: body.name, traffic_classes: body.traffic_classes },
    });
    const created = await findSenderByName(tx, actor.organizationId, body.name);
    return { sender_id: senderIdView(created!) };
  });
}
