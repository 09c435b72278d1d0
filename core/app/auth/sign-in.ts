// POST /v1/auth/sign-in: email and password give a session token and its CSRF token.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import { exec, pgArray, rows } from '../../db/sql.ts';
import { ZId } from '../paging.ts';
import type { MemberRow } from '../members/member-view.ts';
import { memberView } from '../members/member-view.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { FAILURES_FORGOTTEN_AFTER_S, signInWait } from '../../domain/sign-in-backoff.ts';
import { verifyPassword } from './passwords.ts';
import { newCsrfToken, newSessionToken, sha256 } from './tokens.ts';

export const ZSignInBody = z.strictObject({
  email: z.string().trim().min(1).max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(200),
  /** Which organization, when the address belongs to members of several with the same password. */
  organization_id: ZId.optional(),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

interface FailureCount {
  key: string;
  failures: number;
  since: number;
}

/**
 * Failed attempts slow further ones per email and per client address (sign-in-backoff.ts), measured by the
 * database's clock like every rate limit. A correct password from an address the member signed in from
 * before skips the email's back-off, so nobody can keep a member out by failing on purpose.
 */
async function waitBeforeChecking(ctx: Ctx, emailKey: string, addressKey: string, knownAddress: boolean): Promise<number> {
  const { signInFreeFailuresPerEmail, signInFreeFailuresPerAddress } = ctx.deps.config.rateLimits;
  const counts = await rows<FailureCount>(
    ctx.em,
    'select key, failures, extract(epoch from clock_timestamp() - last_failure_at)::float8 as since from sign_in_failures where key in (?, ?)',
    [emailKey, addressKey],
  );
  const waitOf = (key: string, free: number) => {
    const c = counts.find((k) => k.key === key);
    return c ? signInWait(Number(c.failures), Number(c.since), free) : 0;
  };
  return Math.max(knownAddress ? 0 : waitOf(emailKey, signInFreeFailuresPerEmail), waitOf(addressKey, signInFreeFailuresPerAddress));
}

const RECORD_FAILURE = `insert into sign_in_failures as f (key, failures, last_failure_at)
  select k, 1, clock_timestamp() from unnest(?::text[]) k
  on conflict (key) do update set
    failures = case when f.last_failure_at < clock_timestamp() - make_interval(secs => ?) then 1 else f.failures + 1 end,
    last_failure_at = clock_timestamp()`;

/** Memberships of one address a sign-in tries at most, the most recently used first. */
export const MAX_MEMBERSHIPS_TRIED = 10;

type Candidate = MemberRow & { known: boolean };

/** The live memberships of the address (of one organization when it is named), and whether each used this address. */
function candidatesOf(ctx: Ctx, body: TSignInBody, address: string): Promise<Candidate[]> {
  return rows<Candidate>(
    ctx.em,
    `select m.*, exists (select 1 from member_sign_in_addresses a where a.member_id = m.id and a.address = ?) as known
     from members m
     where m.email = ? and m.deleted_at is null and (?::uuid is null or m.organization_id = ?::uuid)
     order by (select max(a.last_seen_at) from member_sign_in_addresses a where a.member_id = m.id) desc nulls last, m.created_at desc
     limit ?`,
    [address, body.email, body.organization_id ?? null, body.organization_id ?? null, MAX_MEMBERSHIPS_TRIED],
  );
}

/**
 * An address may belong to members of several organizations, each with its own password: the first
 * membership (most recently used) whose password matches signs in. Every candidate is verified, side by
 * side, so a failure takes about as long whatever the number of memberships. `address` is the client's
 * (behind TRUST_PROXY, the first address the proxies do not vouch for).
 */
export async function signIn(ctx: Ctx, body: TSignInBody, address: string) {
  const candidates = await candidatesOf(ctx, body, address);
  const emailKey = `email:${body.email}`;
  const addressKey = `address:${address}`;
  const wait = await waitBeforeChecking(ctx, emailKey, addressKey, candidates.some((c) => c.known));
  if (wait > 0) {
    const retryAfter = Math.max(1, Math.ceil(wait));
    throw new DomainError('rate_limited', `Too many failed sign-ins; retry after ${retryAfter} s.`, { retryAfter });
  }
  const verdicts = await Promise.all(candidates.length ? candidates.map((c) => verifyPassword(c.password_hash, body.password)) : [verifyPassword(null, body.password)]);
  const member = candidates.find((_, i) => verdicts[i]);
  if (!member) {
    await exec(ctx.em, RECORD_FAILURE, [pgArray([emailKey, addressKey]), FAILURES_FORGOTTEN_AFTER_S]);
    for (const c of candidates) {
      await recordAudit(ctx, { actorType: 'system', actorId: null }, { organizationId: c.organization_id, action: 'member.sign_in_failed', targetType: 'member', targetId: c.id, details: { address } });
    }
    throw new DomainError('unauthorized', 'The email address or the password is wrong.');
  }
  await exec(ctx.em, 'delete from sign_in_failures where key = ?', [emailKey]);
  await exec(
    ctx.em,
    `insert into member_sign_in_addresses (member_id, address, last_seen_at) values (?, ?, ?)
     on conflict (member_id, address) do update set last_seen_at = excluded.last_seen_at`,
    [member.id, address, ctx.now],
  );
  const token = newSessionToken();
  const sessionId = newId();
  const expiresAt = new Date(ctx.now.getTime() + ctx.deps.config.sessionTtlHours * 3600_000);
  await exec(
    ctx.em,
    'insert into sessions (id, token_hash, member_id, organization_id, created_at, expires_at) values (?, ?, ?, ?, ?, ?)',
    [sessionId, sha256(token), member.id, member.organization_id, ctx.now, expiresAt],
  );
  await recordAudit(ctx, { actorType: 'member', actorId: member.id }, { organizationId: member.organization_id, action: 'member.signed_in', targetType: 'member', targetId: member.id, details: { address } });
  return { token, csrfToken: newCsrfToken(token, sessionId), expiresAt, member: memberView(member) };
}

export async function signOut(ctx: Ctx, sessionId: string) {
  await exec(ctx.em, 'update sessions set ended_at = ? where id = ? and ended_at is null', [ctx.now, sessionId]);
  return { signed_out: true };
}
