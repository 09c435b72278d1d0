// GET /v1/audit-events: the organization's audit log, newest first, keyset paged.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { idPageRows, iso, type IdWalk } from '../../db/sql.ts';
import { ZPage, keysetPage } from '../paging.ts';

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
  const { items, next_before } = await keysetPage(query, (walk) => findAuditEvents(ctx, actor, query.action ? { action: query.action } : {}, walk));
  return { audit_events: items, next_before };
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
