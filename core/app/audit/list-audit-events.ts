// GET /v1/audit-events: the organization's audit log, newest first, keyset paged.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { idPageRows, iso, type IdWalk } from '../../db/sql.ts';
import { ZPage, pageOf } from '../paging.ts';

export const access: Access = { scopes: [], permission: 'audit.read' };

export const ZListAuditEventsQuery = ZPage.extend({
  action: z.string().min(1).max(100).optional(),
});
export type TListAuditEventsQuery = z.infer<typeof ZListAuditEventsQuery>;

interface AuditRow {
  id: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

export async function listAuditEvents(ctx: Ctx, actor: TenantActor, query: TListAuditEventsQuery) {
  const found = await findAuditEvents(ctx, actor, query.action ? { action: query.action } : {}, { olderThan: query.before, limit: query.limit + 1 });
  const page = pageOf(found, query.limit);
  return { audit_events: page.items, next_before: page.nextBefore };
}

/** A page of the audit log (of one action), newest first or, walked backwards, oldest first. */
export async function findAuditEvents(
  ctx: Ctx,
  actor: TenantActor,
  filter: { action?: string },
  page: IdWalk,
) {
  const found = await idPageRows<AuditRow>(ctx.em, {
    table: 'audit_events',
    organizationId: actor.organizationId,
    ...page,
    where: '(?::text is null or action = ?)',
    params: [filter.action ?? null, filter.action ?? null],
  });
  return found.map((e) => ({
    id: e.id,
    action: e.action,
    actor: { type: e.actor_type, id: e.actor_id },
    target: e.target_type ? { type: e.target_type, id: e.target_id } : null,
    details: e.details,
    created_at: iso(e.created_at),
  }));
}
