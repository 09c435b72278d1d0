// The delivery log's reads and a member's redelivery: an organization's deliveries (keyset, filtered), one
// delivery, its attempts, and a delivery made due again.
import type { EntityManager } from '@mikro-orm/postgresql';
import { UUID_RE } from '../ids.ts';
import { exec, keysetRows, one, rows } from '../sql.ts';

export interface DeliveryRow {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface AttemptRow {
  number: number;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  response_snippet: string | null;
  started_at: Date;
  finished_at: Date | null;
}

export interface DeliveryFilter {
  endpointId: string | undefined;
  eventType: string | undefined;
  status: string | undefined;
}

/** A keyset page of an organization's deliveries, newest first, one more than `limit`; a filter left out matches all. */
export function listDeliveries(em: EntityManager, organizationId: string, filter: DeliveryFilter, before: string | undefined, limit: number): Promise<DeliveryRow[]> {
  return keysetRows<DeliveryRow>(em, {
    table: 'webhook_deliveries',
    organizationId,
    before,
    limit,
    where: '(?::uuid is null or endpoint_id = ?::uuid) and (?::text is null or event_type = ?) and (?::text is null or status = ?)',
    params: [filter.endpointId ?? null, filter.endpointId ?? null, filter.eventType ?? null, filter.eventType ?? null, filter.status ?? null, filter.status ?? null],
  });
}

/** One of an organization's deliveries, locked when asked; an id that is no uuid finds nothing. */
export async function findDelivery(em: EntityManager, organizationId: string, id: string, lock = false): Promise<DeliveryRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  return one<DeliveryRow>(em, `select * from webhook_deliveries where id = ? and organization_id = ?${lock ? ' for update' : ''}`, [id, organizationId]);
}

export function deliveryAttempts(em: EntityManager, organizationId: string, deliveryId: string): Promise<AttemptRow[]> {
  return rows<AttemptRow>(em, 'select * from webhook_attempts where organization_id = ? and delivery_id = ? order by number', [organizationId, deliveryId]);
}

/** A finished delivery pending again, due at `at`: the sender attempts it once more with the same webhook-id. */
export async function reopenDelivery(em: EntityManager, id: string, at: Date): Promise<void> {
  await exec(em, `update webhook_deliveries set status = 'pending', next_attempt_at = ?, lease_until = null, finished_at = null where id = ?`, [at, id]);
}

/** A pending delivery due by `at` at the latest. */
export async function hastenDelivery(em: EntityManager, id: string, at: Date): Promise<void> {
  await exec(em, 'update webhook_deliveries set next_attempt_at = least(next_attempt_at, ?) where id = ?', [at, id]);
}
