// The webhook endpoints of an organization: read, counted, created and changed as WebhookEndpoint entities, and
// what a deleted endpoint leaves behind (its pending deliveries fail).
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { WebhookEndpoint } from '../entities/webhook-endpoint.ts';
import { UUID_RE } from '../ids.ts';
import { exec } from '../sql.ts';

// Reads refresh what the EntityManager holds: the webhook sender changes endpoints by SQL (their failing streak,
// disabling them), and a merge would keep a value the row no longer has.

/**
 * An organization's endpoint that is not deleted, locked for the rest of the transaction when asked; an id that
 * is no uuid, another organization's and a deleted one all find nothing.
 */
export async function findEndpoint(em: EntityManager, organizationId: string, id: string, lock = false): Promise<WebhookEndpoint | null> {
  if (!UUID_RE.test(id)) return null;
  return em.findOne(WebhookEndpoint, { id, organizationId, deletedAt: null }, { refresh: true, ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) });
}

/** A keyset page of an organization's endpoints, newest first, one more than `limit` (a next page follows?). */
export function listEndpoints(em: EntityManager, organizationId: string, before: string | undefined, limit: number): Promise<WebhookEndpoint[]> {
  return em.find(
    WebhookEndpoint,
    { organizationId, deletedAt: null, ...(before === undefined ? {} : { id: { $lt: before } }) },
    { orderBy: { id: 'desc' }, limit: limit + 1, refresh: true },
  );
}

export function countEndpoints(em: EntityManager, organizationId: string): Promise<number> {
  return em.count(WebhookEndpoint, { organizationId, deletedAt: null });
}

export type NewEndpoint = Pick<WebhookEndpoint, 'id' | 'organizationId' | 'url' | 'description' | 'eventTypes' | 'secretSealed' | 'createdAt'>;

/** A new, enabled endpoint, written at once (its place among the transaction's statements is kept). */
export async function insertEndpoint(em: EntityManager, e: NewEndpoint): Promise<WebhookEndpoint> {
  const endpoint = em.create(WebhookEndpoint, {
    ...e,
    enabled: true,
    previousSecretSealed: null,
    previousSecretUntil: null,
    disabledReason: null,
    failingSince: null,
    updatedAt: e.createdAt,
    deletedAt: null,
  });
  await em.flush();
  return endpoint;
}

export type EndpointChanges = Partial<Omit<WebhookEndpoint, 'id' | 'organizationId' | 'createdAt'>>;

/** Changes an endpoint loaded in this EntityManager, written at once. */
export async function changeEndpoint(em: EntityManager, endpoint: WebhookEndpoint, changes: EndpointChanges): Promise<void> {
  em.assign(endpoint, changes);
  await em.flush();
}

/** The pending deliveries of a deleted endpoint fail; those finished stay in the log as they are. */
export async function failPendingDeliveries(em: EntityManager, endpointId: string, at: Date): Promise<void> {
  await exec(
    em,
    `update webhook_deliveries set status = 'failed', last_error = 'the endpoint was deleted', finished_at = ?, lease_until = null
     where endpoint_id = ? and status = 'pending'`,
    [at, endpointId],
  );
}
