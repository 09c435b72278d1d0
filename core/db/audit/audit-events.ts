// The audit log: events appended by every change a member (or the operator, or the system) makes, and read
// newest first.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../ids.ts';
import { exec, idPageRows, type IdWalk, type Runner } from '../sql.ts';

export type { IdWalk };

export interface AuditEvent {
  organizationId: string;
  actorType: 'member' | 'api_key' | 'operator' | 'system';
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export interface AuditRow {
  id: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/** Appends one event, through the request's em or a hot path's own transaction. */
export async function insertAuditEvent(runner: Runner, event: AuditEvent): Promise<void> {
  await exec(
    runner,
    `insert into audit_events (id, organization_id, actor_type, actor_id, action, target_type, target_id, details, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
    [newId(), event.organizationId, event.actorType, event.actorId, event.action, event.targetType, event.targetId, JSON.stringify(event.details), event.at],
  );
}

/** A page of an organization's events (of one action, when given), walked by id. */
export function findAuditEventRows(em: EntityManager, organizationId: string, action: string | undefined, page: IdWalk): Promise<AuditRow[]> {
  return idPageRows<AuditRow>(em, {
    table: 'audit_events',
    organizationId,
    ...page,
    where: '(?::text is null or action = ?)',
    params: [action ?? null, action ?? null],
  });
}
