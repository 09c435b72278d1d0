// POST /v1/auth/sign-in: email and password give a session token and its CSRF token.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import { findSignInCandidates, findSignInFailures, recordSignInFailure, type SignInCandidate } from '../../db/auth/sign-in.ts';
import { endSession } from '../../db/auth/sessions.ts';
import { type TSignInBody } from '../../inputs/auth.ts';
import { FAILURES_FORGOTTEN_AFTER_S, signInWaitFor, type FailureCount } from '../../domain/sign-in-backoff.ts';
import { verifyPassword } from './passwords.ts';
import { sha256 } from './tokens.ts';
import { DEVICE_TTL_MS, deviceKey } from './devices.ts';
import { openSession } from './open-session.ts';

/** Memberships of one address a sign-in tries at most, the most recently used first. */
export const MAX_MEMBERSHIPS_TRIED = 10;

/**
 * The live memberships of the address (of one organization when it is named), whether each signed in from
 * this client address before, and whether from this device (its ujm_device token, within a year).
 */
function candidatesOf(ctx: Ctx, body: TSignInBody, address: string, deviceHash: Buffer | null): Promise<SignInCandidate[]> {
  return findSignInCandidates(ctx.em, {
    email: body.email,
    organizationId: body.organization_id ?? null,
    address,
    deviceHash,
    deviceSeenSince: new Date(ctx.now.getTime() - DEVICE_TTL_MS),
    limit: MAX_MEMBERSHIPS_TRIED,
  });
}

/** Failures under each key, measured by the database's clock like every rate limit. */
async function failuresOf(ctx: Ctx, keys: string[]): Promise<Map<string, FailureCount>> {
  const found = await findSignInFailures(ctx.em, keys);
  return new Map(found.map((c) => [c.key, { failures: Number(c.failures), since: Number(c.since) }]));
}

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
  const verdicts = await Promise.all(candidates.length ? candidates.map((c) => verifyPassword(c.member.passwordHash, body.password)) : [verifyPassword(null, body.password)]);
  const chosen = candidates.find((_, i) => verdicts[i]);
  if (!chosen) {
    const failedKeys = [keys.email, keys.address, ...(keys.device ? [keys.device] : [])];
    const audited = candidates.map((c) => ({ id: newId(), organization_id: c.member.organizationId, member_id: c.member.id }));
    await recordSignInFailure(ctx.em, { keys: failedKeys, forgottenAfterSeconds: FAILURES_FORGOTTEN_AFTER_S, details: { address }, at: ctx.now, audited });
    throw new DomainError('unauthorized', 'The email address or the password is wrong.');
  }
  // The email's count stays: a member's success must not hand whoever fails for their email fresh free tries.
  return openSession(ctx, chosen.member, address, chosen.device ? deviceToken : null);
}

export async function signOut(ctx: Ctx, sessionId: string) {
  await endSession(ctx.em, sessionId, ctx.now);
  return { signed_out: true };
}
