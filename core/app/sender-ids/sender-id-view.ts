// Sender IDs and their public shape: the service's approval per class and the route's (provider) approval.
import type { Ctx } from '../context.ts';
import { type TrafficClass } from '../../domain/pricing.ts';
import type { SenderId } from '../../db/entities/sender-id.ts';
import { findSenderIdByName, toSenderIdRow, type SenderIdRow } from '../../db/sender-ids/sender-ids.ts';

export type { SenderId, SenderIdRow };

/** The organization's sender ID of this name (whatever its case), as its row has it: what the campaign checks read. */
export async function findSenderByName(ctx: Ctx, organizationId: string, name: string): Promise<SenderIdRow | undefined> {
  const sender = await findSenderIdByName(ctx.em, organizationId, name);
  return sender ? toSenderIdRow(sender) : undefined;
}

export function approvedClasses(row: Pick<SenderIdRow, 'status' | 'transactional_approved' | 'promotional_approved'>): TrafficClass[] {
  const classes: TrafficClass[] = [];
  if (row.status === 'approved' && row.transactional_approved) classes.push('transactional');
  if (row.status === 'approved' && row.promotional_approved) classes.push('promotional');
  return classes;
}

export function senderIdView(sender: SenderId) {
  return {
    id: sender.id,
    name: sender.name,
    approval: { status: sender.status, traffic_classes: approvedClasses(toSenderIdRow(sender)), requested_traffic_classes: sender.requestedClasses },
    provider_approval: { status: sender.routeApproved ? 'approved' : 'pending', approved_at: sender.routeApprovedAt?.toISOString() ?? null },
    created_at: sender.createdAt.toISOString(),
    updated_at: sender.updatedAt.toISOString(),
  };
}
