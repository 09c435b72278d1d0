// Sender ID rows and their public shape: the service's approval per class and the route's (provider) approval.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { TRAFFIC_CLASSES, type TrafficClass } from '../../domain/pricing.ts';
import { iso, one } from '../../db/sql.ts';

export interface SenderIdRow {
  id: string;
  organization_id: string;
  name: string;
  status: 'requested' | 'approved' | 'rejected';
  transactional_approved: boolean;
  promotional_approved: boolean;
  route_approved: boolean;
  route_approved_at: Date | null;
  requested_classes: TrafficClass[];
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

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

export async function findSenderByName(ctx: Ctx, organizationId: string, name: string): Promise<SenderIdRow | undefined> {
  return one<SenderIdRow>(ctx.em, 'select * from sender_ids where organization_id = ? and upper(name) = upper(?)', [organizationId, name]);
}

export function approvedClasses(row: Pick<SenderIdRow, 'status' | 'transactional_approved' | 'promotional_approved'>): TrafficClass[] {
  const classes: TrafficClass[] = [];
  if (row.status === 'approved' && row.transactional_approved) classes.push('transactional');
  if (row.status === 'approved' && row.promotional_approved) classes.push('promotional');
  return classes;
}

export function senderIdView(row: SenderIdRow) {
  return {
    id: row.id,
    name: row.name,
    approval: { status: row.status, traffic_classes: approvedClasses(row), requested_traffic_classes: row.requested_classes },
    provider_approval: { status: row.route_approved ? 'approved' : 'pending', approved_at: iso(row.route_approved_at) },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
