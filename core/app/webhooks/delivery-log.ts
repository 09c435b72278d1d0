// The delivery log: deliveries (keyset, filters endpoint, event type, status), their attempts, and a member's
// redelivery by hand (a new attempt with the same webhook-id).
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { deliveryAttempts, findDelivery as findDeliveryRow, hastenDelivery, listDeliveries as findDeliveries, reopenDelivery, type DeliveryRow } from '../../db/webhooks/delivery-log.ts';
import { pageOf } from '../paging.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { iso } from '../../domain/values.ts';
import { type TListDeliveriesQuery } from '../../inputs/webhooks.ts';

export const readAccess: Access = { scopes: ['webhooks:read'], permission: 'webhooks.read' };
export const redeliverAccess: Access = { scopes: [], permission: 'webhooks.write' };

function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_type: row.event_type,
    webhook_id: row.webhook_id,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    payload: JSON.parse(row.body) as unknown,
    created_at: iso(row.created_at),
    finished_at: iso(row.finished_at),
  };
}

/** One of the organization's deliveries: unknown, malformed and other organizations' ids are all 404. */
async function findDelivery(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<DeliveryRow> {
  const row = await findDeliveryRow(ctx.em, organizationId, id, lock);
  if (!row) throw new DomainError('not_found', `No webhook delivery has the id ${id}.`);
  return row;
}

export async function listDeliveries(ctx: Ctx, actor: TenantActor, query: TListDeliveriesQuery) {
  const filter = { endpointId: query.endpoint_id, eventType: query.event_type, status: query.status };
  const found = await findDeliveries(ctx.em, actor.organizationId, filter, query.before, query.limit);
  const { items, nextBefore } = pageOf(found, query.limit);
  return { deliveries: items.map(deliveryView), next_before: nextBefore };
}

export async function listAttempts(ctx: Ctx, actor: TenantActor, id: string) {
  await findDelivery(ctx, actor.organizationId, id);
  const attempts = await deliveryAttempts(ctx.em, actor.organizationId, id);
  return {
    attempts: attempts.map((a) => ({
      number: a.number,
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      // An attempt whose worker stopped before an answer was recorded has neither.
      error: a.error ?? (a.finished_at === null ? 'no answer recorded (the attempt is running, or its worker stopped)' : null),
      response_body: a.response_snippet,
      started_at: iso(a.started_at),
      finished_at: iso(a.finished_at),
    })),
  };
}

/** Due again at once; pending deliveries are already on their way, so only finished ones are redelivered. */
export async function redeliver(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const row = await findDelivery(tx, actor.organizationId, id, true);
    if (row.status !== 'pending') {
      await reopenDelivery(tx.em, id, tx.now);
      await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_delivery.redelivered', targetType: 'webhook_delivery', targetId: id });
    } else {
      await hastenDelivery(tx.em, id, tx.now);
    }
    return { delivery: deliveryView(await findDelivery(tx, actor.organizationId, id)) };
  });
}
