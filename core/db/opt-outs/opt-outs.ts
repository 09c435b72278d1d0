// Opt-outs of numbers: recorded, cleared (kept forever), found and listed; active ones per migration 0024's rule.
import type { EntityManager } from '@mikro-orm/postgresql';
import { UUID_RE } from '../ids.ts';
import { exec, one, rows } from '../sql.ts';

export interface OptOutRow {
  id: string;
  organization_id: string;
  phone: string;
  source: string;
  reason: string | null;
  created_at: Date;
  cleared_at: Date | null;
  clear_reason: string | null;
  clear_evidence: string | null;
}

/** Who recorded it: a member or key by hand, or the number itself by an SMS keyword (migration 0035). */
export type OptOutSource = 'manual' | 'sms_keyword';

/** An id that is not a uuid names no opt-out. */
export async function findOptOut(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<OptOutRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  return one<OptOutRow>(em, `select * from opt_outs where id = ? and organization_id = ?${options.lock ? ' for update' : ''}`, [id, organizationId]);
}

/** The number's active opt-out (migration 0024's active_opt_out), if it has one. */
export async function activeOptOut(em: EntityManager, organizationId: string, phone: string): Promise<OptOutRow | undefined> {
  return one<OptOutRow>(em, 'select * from active_opt_out(?, ?)', [organizationId, phone]);
}

/**
 * A new active opt-out; false when the number already has one. Two requests at once meet at the partial unique
 * index of active opt-outs (the only key a new id can collide with); the second inserts nothing.
 */
export async function insertOptOut(
  em: EntityManager,
  optOut: { id: string; organizationId: string; phone: string; source: OptOutSource; reason: string | null; actorType: string; actorId: string | null; now: Date },
): Promise<boolean> {
  const inserted = await one<{ id: string }>(
    em,
    `insert into opt_outs (id, organization_id, phone, source, reason, created_by_type, created_by_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict do nothing returning id`,
    [optOut.id, optOut.organizationId, optOut.phone, optOut.source, optOut.reason, optOut.actorType, optOut.actorId, optOut.now],
  );
  return inserted !== undefined;
}

export async function markOptOutCleared(
  em: EntityManager,
  id: string,
  clearance: { now: Date; reason: string; evidence: string; actorType: string; actorId: string | null },
): Promise<void> {
  await exec(em, 'update opt_outs set cleared_at = ?, clear_reason = ?, clear_evidence = ?, cleared_by_type = ?, cleared_by_id = ? where id = ?', [
    clearance.now,
    clearance.reason,
    clearance.evidence,
    clearance.actorType,
    clearance.actorId,
    id,
  ]);
}

export type OptOutStatus = 'active' | 'cleared' | 'all';

const STATUS_CONDITION: Record<OptOutStatus, string> = { active: 'opt_out_active(o)', cleared: 'not opt_out_active(o)', all: 'true' };

export interface OptOutFilter {
  organizationId: string;
  status: OptOutStatus;
  /** The last id of the previous page. */
  before?: string | undefined;
  /** The E.164 start of the numbers to list; it holds only + and digits. */
  prefix: string | null;
  /** Rows to read (a page and one more, to tell whether another follows). */
  limit: number;
}

/** Newest first. */
export async function findOptOuts(em: EntityManager, filter: OptOutFilter): Promise<OptOutRow[]> {
  return rows<OptOutRow>(
    em,
    `select * from opt_outs o
     where organization_id = ? and ${STATUS_CONDITION[filter.status]} and (?::uuid is null or id < ?::uuid)
       and (?::text is null or phone like ?)
     order by id desc limit ?`,
    [filter.organizationId, filter.before ?? null, filter.before ?? null, filter.prefix, filter.prefix ? `${filter.prefix}%` : null, filter.limit],
  );
}
