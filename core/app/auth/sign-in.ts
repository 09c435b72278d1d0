// POST /v1/auth/sign-in: email and password give a session token and its CSRF token.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import { exec, one } from '../../db/sql.ts';
import type { MemberRow } from '../members/member-view.ts';
import { memberView } from '../members/member-view.ts';
import { takeToken } from '../rate-limit.ts';
import { verifyPassword } from './passwords.ts';
import { newCsrfToken, newSessionToken, sha256 } from './tokens.ts';

export const ZSignInBody = z.strictObject({
  email: z.string().trim().min(1).max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(200),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

export async function signIn(ctx: Ctx, body: TSignInBody) {
  const perMinute = ctx.deps.config.rateLimits.signInPerMinute;
  await takeToken(ctx, `sign-in:${body.email}`, perMinute, perMinute / 60);
  const member = await one<MemberRow>(ctx.em, 'select * from members where email = ? and deleted_at is null', [body.email]);
  const valid = await verifyPassword(member?.password_hash ?? null, body.password);
  if (!member || !valid) throw new DomainError('unauthorized', 'The email address or the password is wrong.');
  const token = newSessionToken();
  const sessionId = newId();
  const expiresAt = new Date(ctx.now.getTime() + ctx.deps.config.sessionTtlHours * 3600_000);
  await exec(
    ctx.em,
    'insert into sessions (id, token_hash, member_id, organization_id, created_at, expires_at) values (?, ?, ?, ?, ?, ?)',
    [sessionId, sha256(token), member.id, member.organization_id, ctx.now, expiresAt],
  );
  return { token, csrfToken: newCsrfToken(token, sessionId), expiresAt, member: memberView(member) };
}

export async function signOut(ctx: Ctx, sessionId: string) {
  await exec(ctx.em, 'update sessions set ended_at = ? where id = ? and ended_at is null', [ctx.now, sessionId]);
  return { signed_out: true };
}
