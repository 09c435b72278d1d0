// auth.signIn: email and password start a session; its cookies (and the device cookie) are set as over REST.
import { publicProcedure, mapErrors } from '../../trpc.ts';
import { signIn as run } from '../../../core/app/auth/sign-in.ts';
import { DEVICE_COOKIE, clientAddress, cookiesSecure, readCookies, setDeviceCookie, startSessionCookies } from '../../../core/transport/cookies.ts';
import { ZSignedIn } from './outputs.ts';
import { ZSignInBody } from '../../../core/inputs/auth.ts';

export const signIn = publicProcedure
  .input(ZSignInBody)
  .output(ZSignedIn)
  .mutation(({ ctx, input }) =>
    mapErrors(async () => {
      const session = await run(ctx.ctx, input, clientAddress(ctx.req), readCookies(ctx.req).get(DEVICE_COOKIE) ?? null);
      const secure = cookiesSecure(ctx.ctx.deps.config.secureCookies, ctx.req);
      startSessionCookies(ctx.res, session, ctx.ctx.now, secure);
      setDeviceCookie(ctx.res, session.deviceToken, secure);
      return { member: session.member, csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() };
    }),
  );
