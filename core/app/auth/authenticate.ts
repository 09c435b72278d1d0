// Turns a request's credentials into an actor: an API key (Authorization: Bearer) or a session cookie.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { markApiKeyUsed, readKeyWithToken, readSessionWithToken } from '../../db/auth/credentials.ts';
import { KEY_RE, sha256 } from './tokens.ts';
import { rateLimited } from '../rate-limit.ts';

const unauthorized = () => new DomainError('unauthorized', 'A valid API key or a signed-in session is needed.');

/**
 * The key, and in the same round trip a token of its organization's bucket for its mode (DESIGN.md 5:
 * per organization and mode). Only a usable key takes one: a revoked or expired key drains nothing.
 */
export async function authenticateKey(ctx: Ctx, authorization: string): Promise<Extract<Actor, { kind: 'key' }>> {
  const match = /^Bearer ([^\s]+)$/.exec(authorization);
  const secret = match?.[1];
  if (!secret || !KEY_RE.test(secret)) throw unauthorized();
  const { liveRps, testRps } = ctx.deps.config.rateLimits;
  const key = await readKeyWithToken(ctx.deps, { hash: sha256(secret).toString('hex'), at: ctx.now, testRps, liveRps });
  if (!key) throw unauthorized();
  const now = ctx.now.getTime();
  if (key.mode === 'live' && !key.verified) {
    throw new DomainError('organization_not_verified', 'Live keys work only once the service has verified the organization.');
  }
  if (!key.allowed) throw rateLimited(key.retry_after_seconds);
  // Written at most once a minute per key, so busy keys do not turn every read into a write.
  if (key.last_used_at === null || now - key.last_used_at.getTime() > 60_000) {
    await markApiKeyUsed(ctx.deps.orm.em.fork(), key.id, ctx.now, new Date(now - 60_000));
  }
  return { kind: 'key', organizationId: key.organization_id, keyId: key.id, mode: key.mode, scopes: key.scopes };
}

/**
 * The member of a live session, and in the same round trip a token of the organization's live bucket:
 * members count against it whichever adapter they call (REST, tRPC or GraphQL). An ended or unknown
 * session drains nothing.
 */
export async function authenticateSession(ctx: Ctx, token: string): Promise<Extract<Actor, { kind: 'member' }>> {
  const { liveRps } = ctx.deps.config.rateLimits;
  const session = await readSessionWithToken(ctx.em, sha256(token), ctx.now, liveRps);
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
