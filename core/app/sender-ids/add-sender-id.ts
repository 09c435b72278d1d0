// Operator: approve a sender ID for traffic classes (creating it if needed), and the route's own approval.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { TRAFFIC_CLASSES } from '../../domain/pricing.ts';
import { newId } from '../../db/ids.ts';
import { exec, pgArray } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { ZSenderName, ZTrafficClasses, findSenderByName, senderIdView } from './sender-id-view.ts';

export const ZAddSenderIdInput = z.strictObject({
  organizationId: z.uuid(),
  name: ZSenderName,
  classes: ZTrafficClasses.default([...TRAFFIC_CLASSES]),
  routeApproved: z.boolean().default(false),
});
export type TAddSenderIdInput = z.infer<typeof ZAddSenderIdInput>;

export async function addSenderId(ctx: Ctx, actor: Actor, input: TAddSenderIdInput) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, input.organizationId, true);
    const tx1 = input.classes.includes('transactional');
    const promo = input.classes.includes('promotional');
    const existing = await findSenderByName(tx, input.organizationId, input.name);
    const id = existing?.id ?? newId();
    if (existing) {
      await exec(
        tx.em,
        `update sender_ids set status = 'approved', transactional_approved = ?, promotional_approved = ?,
           route_approved = route_approved or ?, route_approved_at = case when ? and not route_approved then ? else route_approved_at end,
           updated_at = ? where id = ?`,
        [tx1, promo, input.routeApproved, input.routeApproved, tx.now, tx.now, id],
      );
    } else {
      await exec(
        tx.em,
        `insert into sender_ids (id, organization_id, name, status, transactional_approved, promotional_approved,
           route_approved, route_approved_at, requested_classes, created_at, updated_at)
         values (?, ?, ?, 'approved', ?, ?, ?, ?, ?::text[], ?, ?)`,
        [id, input.organizationId, input.name, tx1, promo, input.routeApproved, input.routeApproved ? tx.now : null, pgArray(input.classes), tx.now, tx.now],
      );
    }
    await recordAudit(tx, actor, {
      organizationId: input.organizationId,
      action: 'sender_id.approved',
      targetType: 'sender_id',
      targetId: id,
      details: { name: input.name, classes: input.classes, route_approved: input.routeApproved },
    });
    return { sender_id: senderIdView((await findSenderByName(tx, input.organizationId, input.name))!) };
  });
}

export async function approveSenderRoute(ctx: Ctx, actor: Actor, organizationId: string, name: string) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, organizationId);
    const existing = await findSenderByName(tx, organizationId, name);
    if (!existing) throw new DomainError('not_found', `The organization has no sender ID ${name}.`, { field: 'name' });
    if (!existing.route_approved) {
      await exec(tx.em, 'update sender_ids set route_approved = true, route_approved_at = ?, updated_at = ? where id = ?', [tx.now, tx.now, existing.id]);
    }
    await recordAudit(tx, actor, { organizationId, action: 'sender_id.route_approved', targetType: 'sender_id', targetId: existing.id, details: { name } });
    return { sender_id: senderIdView((await findSenderByName(tx, organizationId, name))!) };
  });
}
