// The reads of every request (hot path): an API key or a session, each with a token of its organization's rate
// bucket taken in the same round trip. They stay hand-written prepared statements on the ORM's pool, around
// its entities: one coalesced statement serves the keys of many concurrent requests.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role, Scope } from '../../domain/access.ts';
import { coalesced } from '../coalesce.ts';
import { retryingContention } from '../contention.ts';
import { exec, onePrepared, prepared, rows } from '../sql.ts';

export interface KeyWithToken {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  scopes: Scope[];
  expires_at: Date;
  revoked_at: Date | null;
  grace_until: Date | null;
  last_used_at: Date | null;
  verified: boolean;
  allowed: boolean;
  retry_after_seconds: number;
}

// Keys of many requests in one statement, each taking a token of its organization's bucket for its mode; the
// buckets are taken in key order (offset 0 keeps the ordered subquery as it is), as lock-order.ts asks.
const KEYS_WITH_TOKENS = prepared(
  'authenticate-keys',
  `select x.*, t.allowed, t.retry_after_seconds
   from (
     select x.i, k.id, k.organization_id, k.mode, k.scopes, k.expires_at, k.revoked_at, k.grace_until, k.last_used_at, o.verified
     from jsonb_to_recordset(?::jsonb) as x(i int, hash text, at timestamptz)
     join api_keys k on k.secret_hash = decode(x.hash, 'hex') and k.revoked_at is null and k.expires_at > x.at and (k.grace_until is null or k.grace_until > x.at)
     join organizations o on o.id = k.organization_id
     order by k.organization_id, k.mode
     offset 0
   ) x
   cross join lateral take_token('api:' || x.organization_id || ':' || x.mode,
     case when x.mode = 'test' then ?::float8 else ?::float8 end, case when x.mode = 'test' then ?::float8 else ?::float8 end) t`,
);

export interface KeyLookup {
  /** The SHA-256 of the secret, in hex. */
  hash: string;
  at: Date;
  testRps: number;
  liveRps: number;
}

/**
 * The usable key of a secret's hash and a token of its bucket (undefined: no usable key, and no token taken).
 * The keys of concurrent requests are read, and their tokens taken, by one statement.
 */
export const readKeyWithToken = coalesced<KeyLookup, KeyWithToken | undefined>(async (pool, lookups) => {
  const { testRps, liveRps } = lookups[0]!;
  // A statement that met a deadlock took no token: it runs again whole.
  const found = await retryingContention(() => rows<KeyWithToken & { i: number }>(pool, KEYS_WITH_TOKENS, [
    JSON.stringify(lookups.map((l, i) => ({ i, hash: l.hash, at: l.at }))),
    testRps, liveRps, testRps, liveRps,
  ]));
  const byIndex = new Map(found.map((k) => [k.i, k]));
  return lookups.map((_, i) => byIndex.get(i));
});

/**
 * Marks the key used at `at` unless a mark newer than `since` stands. Requests of one key arrive together: one
 * writes the mark, the others do not wait on its row lock.
 */
export async function markApiKeyUsed(em: EntityManager, keyId: string, at: Date, since: Date): Promise<void> {
  await exec(
    em,
    `update api_keys set last_used_at = ? where id = (
       select id from api_keys where id = ? and (last_used_at is null or last_used_at < ?) for update skip locked)`,
    [at, keyId, since],
  );
}

export interface SessionWithToken {
  id: string;
  member_id: string;
  organization_id: string;
  role: Role;
  allowed: boolean;
  retry_after_seconds: number;
}

const SESSION_WITH_TOKEN = prepared(
  'authenticate-session',
  `select s.id, s.member_id, s.organization_id, m.role, t.allowed, t.retry_after_seconds
   from sessions s join members m on m.id = s.member_id
   cross join lateral take_token('api:' || s.organization_id || ':live', ?::float8, ?::float8) t
   where s.token_hash = ? and s.ended_at is null and s.expires_at > ? and m.deleted_at is null`,
);

/** The live session of a token's hash, its member's role, and a token of the organization's live bucket. */
export function readSessionWithToken(em: EntityManager, tokenHash: Buffer, now: Date, liveRps: number): Promise<SessionWithToken | undefined> {
  return onePrepared<SessionWithToken>(em, SESSION_WITH_TOKEN, [liveRps, liveRps, tokenHash, now]);
}
