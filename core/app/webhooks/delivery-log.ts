// The delivery log: deliveries (keyset, filters endpoint, event type, status), their attempts, and a member's
// redelivery by hand (a new attempt with the same webhook-id).
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { EVENT_TYPES } from '../../domain/webhooks.ts';
import { exec, iso, keysetRows, rows } from '../../db/sql.ts';
import { ZId, ZPage, pageOf } from '../paging.ts';
import { findOwned } from '../find-owned.ts';
import { recordAudit } from '../audit/record-audit.ts';

export const readAccess: Access = { scopes: ['webhooks:read'], permission: 'webhooks.read' };
export const redeliverAccess: Access = { scopes: [], permission: 'webhooks.write' };

export const ZListDeliveriesQuery = ZPage.extend({
  endpoint_id: ZId.optional(),
  event_type: z.enum(EVENT_TYPES).optional(),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
});
export type TListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuery>;

interface DeliveryRow {
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

const findDelivery = (ctx: Ctx, organizationId: string, id: string, lock = false) =>
  findOwned<DeliveryRow>(ctx, { table: 'webhook_deliveries', noun: 'webhook delivery' }, organizationId, id, lock);

export async function listDeliveries(ctx: Ctx, actor: TenantActor, query: TListDeliveriesQuery) {
  const found = await keysetRows<DeliveryRow>(ctx.em, {
    table: 'webhook_deliveries',
    organizationId: actor.organizationId,
    before: query.before,
    limit: query.limit,
    where: '(?::uuid is null or endpoint_id = ?::uuid) and (?::text is null or event_type = ?) and (?::text is null or status = ?)',
    params: [query.endpoint_id ?? null, query.endpoint_id ?? null, query.event_type ?? null, query.event_type ?? null, query.status ?? null, query.status ?? null],
  });
  const { items, nextBefore } = pageOf(found, query.limit);
  return { deliveries: items.map(deliveryView), next_before: nextBefore };
}

export async function listAttempts(ctx: Ctx, actor: TenantActor, id: string) {
  await findDelivery(ctx, actor.organizationId, id);
  const attempts = await rows<{ number: number; status_code: number | null; duration_ms: number | null; error: string | null; response_snippet: string | null; started_at: Date; finished_at: Date | null }>(
    ctx.em,
    'select * from webhook_attempts where organization_id = ? and delivery_id = ? order by number',
    [actor.organizationId, id],
  );
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
      await exec(tx.em, `update webhook_deliveries set status = 'pending', next_attempt_at = ?, lease_until = null, finished_at = null where id = ?`, [tx.now, id]);
      await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'webhook_delivery.redelivered', targetType: 'webhook_delivery', targetId: id });
    } else {
      await exec(tx.em, 'update webhook_deliveries set next_attempt_at = least(next_attempt_at, ?) where id = ?', [tx.now, id]);
    }
    return { delivery: deliveryView(await findDelivery(tx, actor.organizationId, id)) };
  });
}
