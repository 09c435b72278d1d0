// Devices a member signed in with (OWASP's device cookie): a random token in the ujm_device cookie, its SHA-256 on the server.
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { rememberMemberDevice } from '../../db/auth/devices.ts';
import { forgetSignInFailures } from '../../db/auth/sign-in.ts';
import { sha256 } from './tokens.ts';

/** How long a device stays known without a sign-in (the cookie's Max-Age too). */
export const DEVICE_TTL_MS = 365 * 24 * 3600_000;

/** The key a known device's failures are counted under (sign_in_failures). */
export function deviceKey(tokenHash: Buffer): string {
  return `device:${tokenHash.toString('hex')}`;
}

/**
 * After a correct password: the device token the client keeps. The one it presented when that is already a
 * device of this member (its failures are then forgiven), else a new one: a token is never adopted from the
 * client, so a cookie planted in a member's browser does not become a device of theirs. A browser shared by
 * two members keeps the last one's.
 */
export async function rememberDevice(ctx: Ctx, memberId: string, knownToken: string | null): Promise<string> {
  const token = knownToken ?? randomBytes(32).toString('base64url');
  const hash = sha256(token);
  await rememberMemberDevice(ctx.em, memberId, hash, ctx.now);
  if (knownToken) await forgetSignInFailures(ctx.em, deviceKey(hash));
  return token;
}
