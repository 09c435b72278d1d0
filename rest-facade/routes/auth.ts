// Sign in, sign out, who am I.
import { z } from 'zod';
import { ok, publicRoute, route } from '../route.ts';
import { signIn, signOut } from '../../core/app/auth/sign-in.ts';
import { whoAmI } from '../../core/app/auth/who-am-i.ts';
import { DEVICE_COOKIE, clearSessionCookies, clientAddress, cookiesSecure, readCookies, setDeviceCookie, startSessionCookies } from '../../core/transport/cookies.ts';
import { ZEmptyBody } from './common.ts';
import { ZSignInBody } from '../../core/inputs/auth.ts';

const anyMember = { scopes: [], permission: null } as const;

export const authRoutes = [
  publicRoute({
    method: 'post',
    path: '/v1/auth/sign-in',
    operationId: 'signIn',
    summary: 'Sign in with email and password; sets the ujm_session and ujm_csrf cookies, and ujm_device (this device signed in)',
    tag: 'auth',
    access: 'public',
    body: ZSignInBody,
    handler: async ({ ctx, body, req, res }) => {
      const session = await signIn(ctx, body, clientAddress(req), readCookies(req).get(DEVICE_COOKIE) ?? null);
      const secure = cookiesSecure(ctx.deps.config.secureCookies, req);
      startSessionCookies(res, session, ctx.now, secure);
      setDeviceCookie(res, session.deviceToken, secure);
      return ok({ member: session.member, csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() });
    },
  }),
  route({
    method: 'post',
    path: '/v1/auth/sign-out',
    operationId: 'signOut',
    summary: 'End the current session',
    tag: 'auth',
    access: anyMember,
    body: ZEmptyBody,
    handler: async ({ ctx, actor, req, res }) => {
      const data = actor.kind === 'member' ? await signOut(ctx, actor.sessionId) : { signed_out: false };
      clearSessionCookies(res, cookiesSecure(ctx.deps.config.secureCookies, req));
      return ok(data);
    },
  }),
  route({
    method: 'get',
    path: '/v1/auth/me',
    operationId: 'whoAmI',
    summary: 'The signed-in member and their organization',
    tag: 'auth',
    access: anyMember,
    query: z.strictObject({}),
    handler: async ({ ctx, actor }) => ok(await whoAmI(ctx, actor)),
  }),
];
