// Operator: approve a sender ID for traffic classes (creating it if needed), and the route's own approval.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { TRAFFIC_CLASSES } from '../../domain/pricing.ts';
import { approveSenderId, approveSenderIdRoute, findSenderIdByName, insertSenderId } from '../../db/sender-ids/sender-ids.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { senderIdView } from './sender-id-view.ts';
import { ZSenderName, ZTrafficClasses } from '../../inputs/sender-ids.ts';

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
    let sender = await findSenderIdByName(tx.em, input.organizationId, input.name);
    if (sender) {
      await approveSenderId(tx.em, sender, { transactional: tx1, promotional: promo, routeApproved: input.routeApproved }, tx.now);
    } else {
      sender = await insertSenderId(tx.em, {
        organizationId: input.organizationId,
        name: input.name,
        status: 'approved',
        transactionalApproved: tx1,
        promotionalApproved: promo,
        routeApproved: input.routeApproved,
        requestedClasses: input.classes,
        requestedByMemberId: null,
        note: null,
        at: tx.now,
      });
    }
    await recordAudit(tx, actor, {
      organizationId: input.organizationId,
      action: 'sender_id.approved',
      targetType: 'sender_id',
      targetId: sender.id,
      details: { name: input.name, classes: input.classes, route_approved: input.routeApproved },
    });
    return { sender_id: senderIdView(sender) };
  });
}

export async function approveSenderRoute(ctx: Ctx, actor: Actor, organizationId: string, name: string) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, organizationId);
    const existing = await findSenderIdByName(tx.em, organizationId, name);
    if (!existing) throw new DomainError('not_found', `The organization has no sender ID ${name}.`, { field: 'name' });
    await approveSenderIdRoute(tx.em, existing, tx.now);
    await recordAudit(tx, actor, { organizationId, action: 'sender_id.route_approved', targetType: 'sender_id', targetId: existing.id, details: { name } });
    return { sender_id: senderIdView(existing) };
  });
}
