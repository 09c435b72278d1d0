// The sender ID repository: an organization's sender IDs read, requested and approved as SenderId entities,
// each write flushed at once so that it keeps its place among the statements of its transaction.
import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TrafficClass } from '../../domain/pricing.ts';
import { SenderId } from '../entities/sender-id.ts';
import { newId } from '../ids.ts';

/** A sender ID as its row has it: the shape the send and campaign checks read. */
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

/** The organization's sender ID of this name, whatever its case (as the unique index sender_ids_name compares). */
export function findSenderIdByName(em: EntityManager, organizationId: string, name: string): Promise<SenderId | null> {
  return em.findOne(SenderId, { organizationId, [raw((alias) => `upper(${alias}.name) = upper(?)`, [name])]: [] });
}

/** The organization's sender IDs by name. */
export function findSenderIds(em: EntityManager, organizationId: string): Promise<SenderId[]> {
  return em.find(SenderId, { organizationId }, { orderBy: { name: 'asc' } });
}

export interface NewSenderId {
  organizationId: string;
  name: string;
  status: 'requested' | 'approved';
  transactionalApproved: boolean;
  promotionalApproved: boolean;
  routeApproved: boolean;
  requestedClasses: readonly TrafficClass[];
  requestedByMemberId: string | null;
  note: string | null;
  at: Date;
}

export async function insertSenderId(em: EntityManager, sender: NewSenderId): Promise<SenderId> {
  const created = em.create(SenderId, {
    id: newId(),
    organizationId: sender.organizationId,
    name: sender.name,
    status: sender.status,
    transactionalApproved: sender.transactionalApproved,
    promotionalApproved: sender.promotionalApproved,
    routeApproved: sender.routeApproved,
    routeApprovedAt: sender.routeApproved ? sender.at : null,
    requestedClasses: [...sender.requestedClasses],
    requestedByMemberId: sender.requestedByMemberId,
    note: sender.note,
    createdAt: sender.at,
    updatedAt: sender.at,
  });
  await em.persist(created).flush();
  return created;
}

/**
 * The service's approval for exactly these classes; the route's approval is only ever added (and dated the
 * first time it is given).
 */
export async function approveSenderId(em: EntityManager, sender: SenderId, approval: { transactional: boolean; promotional: boolean; routeApproved: boolean }, at: Date): Promise<void> {
  sender.status = 'approved';
  sender.transactionalApproved = approval.transactional;
  sender.promotionalApproved = approval.promotional;
  if (approval.routeApproved && !sender.routeApproved) {
    sender.routeApproved = true;
    sender.routeApprovedAt = at;
  }
  sender.updatedAt = at;
  await em.flush();
}

/** The route's approval, given once. */
export async function approveSenderIdRoute(em: EntityManager, sender: SenderId, at: Date): Promise<void> {
  if (sender.routeApproved) return;
  sender.routeApproved = true;
  sender.routeApprovedAt = at;
  sender.updatedAt = at;
  await em.flush();
}

/** The entity as its row: for the checks that read sender IDs in that shape. */
export function toSenderIdRow(sender: SenderId): SenderIdRow {
  return {
    id: sender.id,
    organization_id: sender.organizationId,
    name: sender.name,
    status: sender.status,
    transactional_approved: sender.transactionalApproved,
    promotional_approved: sender.promotionalApproved,
    route_approved: sender.routeApproved,
    route_approved_at: sender.routeApprovedAt,
    requested_classes: sender.requestedClasses,
    note: sender.note,
    created_at: sender.createdAt,
    updated_at: sender.updatedAt,
  };
}
