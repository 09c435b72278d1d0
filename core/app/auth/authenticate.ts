// Turns a request's credentials into an actor: an API key (Authorization: Bearer) or a session cookie.
import type { Ctx } from '../context.ts';
import type { Actor, Mode } from '../actor.ts';
import type { Role, Scope } from '../../domain/access.ts';
import { DomainError } from '../../domain/errors.ts';
import { exec, onePrepared, prepared } from '../../db/sql.ts';
import { KEY_RE, sha256 } from './tokens.ts';

const unauthorized = () => new DomainError('unauthorized', 'A valid API key or a signed-in session is needed.');

function rateLimited(seconds: number): DomainError {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  return new DomainError('rate_limited', `Too many requests; retry after ${retryAfter} s.`, { retryAfter });
}

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

const KEY_WITH_TOKEN = prepared(
  'authenticate-key',
  `select k.id, k.organization_id, k.mode, k.scopes, k.expires_at, k.revoked_at, k.grace_until, k.last_used_at, o.verified,
     t.allowed, t.retry_after_seconds
   from api_keys k join organizations o on o.id = k.organization_id
   cross join lateral take_token('api:' || k.organization_id || ':' || k.mode,
     case when k.mode = 'test' then ?::float8 else ?::float8 end, case when k.mode = 'test' then ?::float8 else ?::float8 end) t
   where k.secret_hash = ? and k.revoked_at is null and k.expires_at > ? and (k.grace_until is null or k.grace_until > ?)`,
);

/**
 * The key, and in the same round trip a token of its organization's bucket for its mode (DESIGN.md 5:
 * per organization and mode). Only a usable key takes one: a revoked or expired key drains nothing.
 */
export async function authenticateKey(ctx: Ctx, authorization: string): Promise<Extract<Actor, { kind: 'key' }>> {
  const match = /^Bearer ([^\s]+)$/.exec(authorization);
  const secret = match?.[1];
  if (!secret || !KEY_RE.test(secret)) throw unauthorized();
  const { liveRps, testRps } = ctx.deps.config.rateLimits;
  const key = await onePrepared<KeyRow>(
    ctx.em,
    KEY_WITH_TOKEN,
    [testRps, liveRps, testRps, liveRps, sha256(secret), ctx.now, ctx.now],
  );
  if (!key) throw unauthorized();
  const now = ctx.now.getTime();
  if (key.mode === 'live' && !key.verified) {
    throw new DomainError('organization_not_verified', 'Live keys work only once the service has verified the organization.');
  }
  if (!key.allowed) throw rateLimited(key.retry_after_seconds);
  // Written at most once a minute per key, so busy keys do not turn every read into a write.
  if (key.last_used_at === null || now - key.last_used_at.getTime() > 60_000) {
    await exec(ctx.deps.orm.em.fork(), 'update api_keys set last_used_at = ? where id = ?', [ctx.now, key.id]);
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
