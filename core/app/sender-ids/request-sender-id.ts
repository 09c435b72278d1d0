// POST /v1/sender-ids: a member asks the service to approve a sender ID for some traffic classes.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { findSenderIdByName, insertSenderId } from '../../db/sender-ids/sender-ids.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { senderIdView } from './sender-id-view.ts';
import { type TRequestSenderIdBody } from '../../inputs/sender-ids.ts';

export const access: Access = { scopes: [], permission: 'sender_ids.request' };

export async function requestSenderId(ctx: Ctx, actor: TenantActor, body: TRequestSenderIdBody) {
  return inTransaction(ctx, async (tx) => {
    // The organization lock serialises requests for one organization, so a duplicate meets the check below.
    await requireOrganization(tx, actor.organizationId, true);
    if (await findSenderIdByName(tx.em, actor.organizationId, body.name)) {
      throw new DomainError('sender_id_exists', `The organization already has the sender ID ${body.name}.`, { field: 'name' });
    }
    const sender = await insertSenderId(tx.em, {
      organizationId: actor.organizationId,
      name: body.name,
      status: 'requested',
      transactionalApproved: false,
      promotionalApproved: false,
      routeApproved: false,
      requestedClasses: body.traffic_classes,
      requestedByMemberId: actor.kind === 'member' ? actor.memberId : null,
      note: body.note ?? null,
      at: tx.now,
    });
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'sender_id.requested',
      targetType: 'sender_id',
      targetId: sender.id,
      details: { name: body.name, traffic_classes: body.traffic_classes },
    });
    return { sender_id: senderIdView(sender) };
  });
}
