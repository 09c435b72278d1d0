// GET /v1/audit-events: the organization's audit log, newest first, keyset paged.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findAuditEventRows, type IdWalk } from '../../db/audit/audit-events.ts';
import { keysetPage } from '../paging.ts';
import { type TListAuditEventsQuery } from '../../inputs/audit.ts';

export const access: Access = { scopes: [], permission: 'audit.read' };

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
  const found = await findAuditEventRows(ctx.em, actor.organizationId, filter.action, page);
  return found.map((e) => ({
    id: e.id,
    action: e.action,
    actor: { type: e.actor_type, id: e.actor_id },
    target: e.target_type ? { type: e.target_type, id: e.target_id } : null,
    details: e.details,
    created_at: e.created_at.toISOString(),
  }));
}
