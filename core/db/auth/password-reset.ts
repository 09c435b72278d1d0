// What a password reset reads and writes besides its codes: the memberships of an address with their verified
// phones, and a wrong try, recorded in one statement whether the address is known or not.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, rows } from '../sql.ts';

export interface ResetTarget {
  member_id: string;
  organization_id: string;
  organization_name: string;
  email: string;
  name: string | null;
  /** The member's verified mobile number; null when none is verified. */
  phone: string | null;
}

/** The live memberships of the address (at most `limit`, the oldest first), each with its verified phone. */
export function findResetTargets(em: EntityManager, email: string, limit: number): Promise<ResetTarget[]> {
  return rows<ResetTarget>(
    em,
    `select m.id as member_id, m.organization_id, o.name as organization_name, m.email, m.name, p.phone
     from members m
     join organizations o on o.id = m.organization_id
     left join member_phones p on p.member_id = m.id and p.verified_at is not null
     where m.email = ? and m.deleted_at is null
     order by m.created_at, m.id
     limit ?`,
    [email, limit],
  );
}

/**
 * A wrong try in one statement: counted under the address's key in sign_in_failures (a logged table, so an
 * unknown address's try waits for the same WAL flush as a known one's), one more wrong try on each live code, and
 * an audit event in each organization whose member had one (none for an unknown address).
 */
const RECORD_WRONG_TRY = `with counted as (
    insert into sign_in_failures as f (key, failures, last_failure_at) values (?, 1, clock_timestamp())
    on conflict (key) do update set failures = f.failures + 1, last_failure_at = clock_timestamp()
  ),
  tried as (
    update one_time_codes set failed_attempts = failed_attempts + 1 where id = any(?::uuid[])
  )
  insert into audit_events (id, organization_id, actor_type, actor_id, action, target_type, target_id, details, created_at)
  select x.id, x.organization_id, 'system', null, 'member.password_reset_failed', 'member', x.member_id, ?::jsonb, ?
  from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, member_id uuid)`;

export interface WrongResetTry {
  key: string;
  codeIds: readonly string[];
  details: Record<string, unknown>;
  at: Date;
  audited: readonly { id: string; organization_id: string; member_id: string }[];
}

export async function recordWrongResetTry(em: EntityManager, wrong: WrongResetTry): Promise<void> {
  await exec(em, RECORD_WRONG_TRY, [wrong.key, `{${wrong.codeIds.join(',')}}`, JSON.stringify(wrong.details), wrong.at, JSON.stringify(wrong.audited)]);
}
