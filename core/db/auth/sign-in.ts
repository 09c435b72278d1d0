// What a sign-in reads and writes besides the session: the memberships of an address, and the failures counted
// under each key (the email, the client address, a known device), measured by the database's clock.
import type { EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Member } from '../entities/member.ts';
import { exec, pgArray, rows } from '../sql.ts';

export interface SignInCandidate {
  member: Member;
  /** Whether the member signed in from this client address before. */
  known: boolean;
  /** Whether from this device (its token), seen since `deviceSeenSince`. */
  device: boolean;
}

export interface CandidateQuery {
  email: string;
  /** Only this organization's membership, when the caller names one. */
  organizationId: string | null;
  address: string;
  deviceHash: Buffer | null;
  deviceSeenSince: Date;
  limit: number;
}

/** The live memberships of the address, the most recently used first. */
export async function findSignInCandidates(em: EntityManager, query: CandidateQuery): Promise<SignInCandidate[]> {
  const found = await em.execute<(EntityDictionary<Member> & { known: boolean; device: boolean })[]>(
    `select m.*, exists (select 1 from member_sign_in_addresses a where a.member_id = m.id and a.address = ?) as known,
       exists (select 1 from member_devices d where d.member_id = m.id and d.token_hash = ? and d.last_seen_at > ?) as device
     from members m
     where m.email = ? and m.deleted_at is null and (?::uuid is null or m.organization_id = ?::uuid)
     order by (select max(a.last_seen_at) from member_sign_in_addresses a where a.member_id = m.id) desc nulls last, m.created_at desc
     limit ?`,
    [query.address, query.deviceHash, query.deviceSeenSince, query.email, query.organizationId, query.organizationId, query.limit] as never[],
  );
  // The member's columns become an entity (merged into the identity map); the two flags are the query's own.
  return found.map(({ known, device, ...member }) => ({ member: em.map(Member, member), known, device }));
}

export interface SignInFailureCount {
  key: string;
  failures: number;
  /** Seconds since the last failure. */
  since: number;
}

export function findSignInFailures(em: EntityManager, keys: readonly string[]): Promise<SignInFailureCount[]> {
  return rows<SignInFailureCount>(
    em,
    'select key, failures, extract(epoch from clock_timestamp() - last_failure_at)::float8 as since from sign_in_failures where key = any(?::text[])',
    [pgArray(keys)],
  );
}

/**
 * A failure in one statement, whether the email is known or not, so its answer takes as long either way (the
 * same round trips, and a durable write each, as sign_in_failures is a logged table since 0021): counted
 * under its keys, and audited in every organization whose member has the address (none for an unknown
 * email: the insert takes no row).
 */
const RECORD_FAILURE = `with counted as (
    insert into sign_in_failures as f (key, failures, last_failure_at)
    select k, 1, clock_timestamp() from unnest(?::text[]) k
    on conflict (key) do update set
      failures = case when f.last_failure_at < clock_timestamp() - make_interval(secs => ?) then 1 else f.failures + 1 end,
      last_failure_at = clock_timestamp()
  )
  insert into audit_events (id, organization_id, actor_type, actor_id, action, target_type, target_id, details, created_at)
  select x.id, x.organization_id, 'system', null, 'member.sign_in_failed', 'member', x.member_id, ?::jsonb, ?
  from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, member_id uuid)`;

export interface SignInFailure {
  keys: readonly string[];
  /** A count whose last failure is older than this starts again at 1. */
  forgottenAfterSeconds: number;
  details: Record<string, unknown>;
  at: Date;
  /** One audit event per membership of the address (its id chosen by the caller). */
  audited: readonly { id: string; organization_id: string; member_id: string }[];
}

export async function recordSignInFailure(em: EntityManager, failure: SignInFailure): Promise<void> {
  await exec(em, RECORD_FAILURE, [pgArray(failure.keys), failure.forgottenAfterSeconds, JSON.stringify(failure.details), failure.at, JSON.stringify(failure.audited)]);
}

/** Forgets the failures counted under a key (a known device's, after a correct password from it). */
export async function forgetSignInFailures(em: EntityManager, key: string): Promise<void> {
  await exec(em, 'delete from sign_in_failures where key = ?', [key]);
}
