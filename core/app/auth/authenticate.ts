// Turns a request's credentials into an actor: an API key (Authorization: Bearer) or a session cookie.
import type { Ctx } from '../context.ts';
import type { Actor, Mode } from '../actor.ts';
import type { Role, Scope } from '../../domain/access.ts';
import { DomainError } from '../../domain/errors.ts';
import { exec, onePrepared, prepared, rows } from '../../db/sql.ts';
import { coalesced } from '../../db/coalesce.ts';
import { retryingContention } from '../../db/contention.ts';
import { KEY_RE, sha256 } from './tokens.ts';
import { rateLimited } from '../rate-limit.ts';

const unauthorized = () => new DomainError('unauthorized', 'A valid API key or a signed-in session is needed.');

interface KeyRow {
  id: string;
  organization_id: string;
  mode: Mode;
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

interface KeyLookup {
  hash: string;
  at: Date;
  testRps: number;
  liveRps: number;
}

/** Hot path: the keys of concurrent requests are read (and their tokens taken) by one statement. */
const readKey = coalesced<KeyLookup, KeyRow | undefined>(async (pool, lookups) => {
  const { testRps, liveRps } = lookups[0]!;
  // A statement that met a deadlock took no token: it runs again whole.
  const found = await retryingContention(() => rows<KeyRow & { i: number }>(pool, KEYS_WITH_TOKENS, [
    JSON.stringify(lookups.map((l, i) => ({ i, hash: l.hash, at: l.at }))),
    testRps, liveRps, testRps, liveRps,
  ]));
  const byIndex = new Map(found.map((k) => [k.i, k]));
  return lookups.map((_, i) => byIndex.get(i));
});

/**
 * The key, and in the same round trip a token of its organization's bucket for its mode (DESIGN.md 5:
 * per organization and mode). Only a usable key takes one: a revoked or expired key drains nothing.
 */
export async function authenticateKey(ctx: Ctx, authorization: string): Promise<Extract<Actor, { kind: 'key' }>> {
  const match = /^Bearer ([^\s]+)$/.exec(authorization);
  const secret = match?.[1];
  if (!secret || !KEY_RE.test(secret)) throw unauthorized();
  const { liveRps, testRps } = ctx.deps.config.rateLimits;
  const key = await readKey(ctx.deps, { hash: sha256(secret).toString('hex'), at: ctx.now, testRps, liveRps });
  if (!key) throw unauthorized();
  const now = ctx.now.getTime();
  if (key.mode === 'live' && !key.verified) {
    throw new DomainError('organization_not_verified', 'Live keys work only once the service has verified the organization.');
  }
  if (!key.allowed) throw rateLimited(key.retry_after_seconds);
  // Written at most once a minute per key, so busy keys do not turn every read into a write.
  if (key.last_used_at === null || now - key.last_used_at.getTime() > 60_000) {
    // Requests of one key arrive together: one writes the mark, the others do not wait on its row lock.
    await exec(
      ctx.deps.orm.em.fork(),
      `update api_keys set last_used_at = ? where id = (
         select id from api_keys where id = ? and (last_used_at is null or last_used_at < ?) for update skip locked)`,
      [ctx.now, key.id, new Date(now - 60_000)],
    );
  }
  return { kind: 'key', organizationId: key.organization_id, keyId: key.id, mode: key.mode, scopes: key.scopes };
}

interface SessionRow {
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

/**
 * The member of a live session, and in the same round trip a token of the organization's live bucket:
 * members count against it whichever adapter they call (REST, tRPC or GraphQL). An ended or unknown
 * session drains nothing.
 */
export async function authenticateSession(ctx: Ctx, token: string): Promise<Extract<Actor, { kind: 'member' }>> {
  const { liveRps } = ctx.deps.config.rateLimits;
  const session = await onePrepared<SessionRow>(ctx.em, SESSION_WITH_TOKEN, [liveRps, liveRps, sha256(token), ctx.now]);
  if (!session) throw unauthorized();
  if (!session.allowed) throw rateLimited(session.retry_after_seconds);
  return { kind: 'member', organizationId: session.organization_id, memberId: session.member_id, role: session.role, sessionId: session.id };
}

export interface Credentials {
  authorization: string | undefined;
  sessionToken: string | undefined;
}

/** A key caller is judged by its key alone (cookies ignored); otherwise the session cookie decides. */
export async function authenticateCaller(
  ctx: Ctx,
  credentials: Credentials,
): Promise<{ actor: Exclude<Actor, { kind: 'operator' }>; sessionToken: string | null }> {
  if (credentials.authorization !== undefined) return { actor: await authenticateKey(ctx, credentials.authorization), sessionToken: null };
  if (!credentials.sessionToken) throw unauthorized();
  return { actor: await authenticateSession(ctx, credentials.sessionToken), sessionToken: credentials.sessionToken };
}
