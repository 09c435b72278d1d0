// Sender IDs and their public shape: the service's approval per class and the route's (provider) approval.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { TRAFFIC_CLASSES, type TrafficClass } from '../../domain/pricing.ts';
import type { SenderId } from '../../db/entities/sender-id.ts';
import { findSenderIdByName, toSenderIdRow, type SenderIdRow } from '../../db/sender-ids/sender-ids.ts';

export type { SenderId, SenderIdRow };

/** Alphanumeric sender: 1 to 11 characters, letters, digits, space, dot, dash, ampersand, underscore. */
export const ZSenderName = z
  .string()
  .min(1)
  .max(11)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 .&_-]*$/, 'a sender ID is 1 to 11 letters, digits, spaces, dots, dashes, ampersands or underscores');

export const ZTrafficClasses = z
  .array(z.enum(TRAFFIC_CLASSES))
  .min(1)
  .max(2)
  .refine((a) => new Set(a).size === a.length, 'each traffic class once');

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
