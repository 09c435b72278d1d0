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
import { FAILURES_FORGOTTEN_AFTER_S, signInWaitFor, type FailureCount } from '../../domain/sign-in-backoff.ts';
import { verifyPassword } from './passwords.ts';
import { newCsrfToken, newSessionToken, sha256 } from './tokens.ts';
import { DEVICE_TTL_MS, deviceKey, rememberDevice } from './devices.ts';

export const ZSignInBody = z.strictObject({
  email: z.string().trim().min(1).max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(200),
  /** Which organization, when the address belongs to members of several with the same password. */
  organization_id: ZId.optional(),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

/** Memberships of one address a sign-in tries at most, the most recently used first. */
export const MAX_MEMBERSHIPS_TRIED = 10;

type Candidate = MemberRow & { known: boolean; device: boolean };

/**
 * The live memberships of the address (of one organization when it is named), whether each signed in from
 * this client address before, and whether from this device (its ujm_device token, within a year).
 */
function candidatesOf(ctx: Ctx, body: TSignInBody, address: string, deviceHash: Buffer | null): Promise<Candidate[]> {
  return rows<Candidate>(
    ctx.em,
    `select m.*, exists (select 1 from member_sign_in_addresses a where a.member_id = m.id and a.address = ?) as known,
       exists (select 1 from member_devices d where d.member_id = m.id and d.token_hash = ? and d.last_seen_at > ?) as device
     from members m
     where m.email = ? and m.deleted_at is null and (?::uuid is null or m.organization_id = ?::uuid)
     order by (select max(a.last_seen_at) from member_sign_in_addresses a where a.member_id = m.id) desc nulls last, m.created_at desc
     limit ?`,
    [address, deviceHash, new Date(ctx.now.getTime() - DEVICE_TTL_MS), body.email, body.organization_id ?? null, body.organization_id ?? null, MAX_MEMBERSHIPS_TRIED],
  );
}

/** Failures under each key, measured by the database's clock like every rate limit. */
async function failuresOf(ctx: Ctx, keys: string[]): Promise<Map<string, FailureCount>> {
  const found = await rows<{ key: string; failures: number; since: number }>(
    ctx.em,
    'select key, failures, extract(epoch from clock_timestamp() - last_failure_at)::float8 as since from sign_in_failures where key = any(?::text[])',
    [pgArray(keys)],
  );
  return new Map(found.map((c) => [c.key, { failures: Number(c.failures), since: Number(c.since) }]));
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

/**
 * An address may belong to members of several organizations, each with its own password: the first
 * membership (most recently used) whose password matches signs in. Every candidate is verified, side by
 * side, so a failure takes about as long whatever the number of memberships; an unknown email verifies a
 * decoy hash and writes what a known one writes. `address` is the client's (behind TRUST_PROXY, the first
 * address the proxies do not vouch for); `deviceToken` the ujm_device cookie, if any. Who waits after
 * failures: sign-in-backoff.ts.
 */
export async function signIn(ctx: Ctx, body: TSignInBody, address: string, deviceToken: string | null = null) {
  const deviceHash = deviceToken ? sha256(deviceToken) : null;
  const candidates = await candidatesOf(ctx, body, address, deviceHash);
  const knownDevice = candidates.some((c) => c.device);
  const keys = { email: `email:${body.email}`, address: `address:${address}`, device: knownDevice ? deviceKey(deviceHash!) : null };
  const counts = await failuresOf(ctx, [keys.email, keys.address, ...(keys.device ? [keys.device] : [])]);
  const { signInFreeFailuresPerEmail: perEmail, signInFreeFailuresPerAddress: perAddress } = ctx.deps.config.rateLimits;
  const wait = signInWaitFor(
    { email: counts.get(keys.email), address: counts.get(keys.address), device: keys.device ? counts.get(keys.device) : undefined },
    { knownDevice, knownAddress: candidates.some((c) => c.known) },
    { perEmail, perAddress },
  );
  if (wait > 0) {
    const retryAfter = Math.max(1, Math.ceil(wait));
    throw new DomainError('rate_limited', `Too many failed sign-ins; retry after ${retryAfter} s.`, { retryAfter });
  }
  const verdicts = await Promise.all(candidates.length ? candidates.map((c) => verifyPassword(c.password_hash, body.password)) : [verifyPassword(null, body.password)]);
  const member = candidates.find((_, i) => verdicts[i]);
  if (!member) {
    const failedKeys = [keys.email, keys.address, ...(keys.device ? [keys.device] : [])];
    const audited = candidates.map((c) => ({ id: newId(), organization_id: c.organization_id, member_id: c.id }));
    await exec(ctx.em, RECORD_FAILURE, [pgArray(failedKeys), FAILURES_FORGOTTEN_AFTER_S, JSON.stringify({ address }), ctx.now, JSON.stringify(audited)]);
    throw new DomainError('unauthorized', 'The email address or the password is wrong.');
  }
  // The email's count stays: a member's success must not hand whoever fails for their email fresh free tries.
  const device = await rememberDevice(ctx, member.id, member.device ? deviceToken : null);
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
  return { token, csrfToken: newCsrfToken(token, sessionId), expiresAt, deviceToken: device, member: memberView(member) };
}

export async function signOut(ctx: Ctx, sessionId: string) {
  await exec(ctx.em, 'update sessions set ended_at = ? where id = ? and ended_at is null', [ctx.now, sessionId]);
  return { signed_out: true };
}
