// auth.signIn: email and password start a session; its cookies are set as over REST.
import { publicProcedure, mapErrors } from '../../trpc.ts';
import { signIn as run, ZSignInBody } from '../../../core/app/auth/sign-in.ts';
import { clientAddress, cookiesSecure, startSessionCookies } from '../../../core/app/http/session-cookies.ts';
import { ZSignedIn } from './outputs.ts';

export const signIn = publicProcedure
  .input(ZSignInBody)
  .output(ZSignedIn)
  .mutation(({ ctx, input }) =>
    mapErrors(async () => {
      const session = await run(ctx.ctx, input, clientAddress(ctx.req));
      startSessionCookies(ctx.res, session, ctx.ctx.now, cookiesSecure(ctx.ctx.deps.config.secureCookies, ctx.req));
      return { member: session.member, csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() };
    }),
  );
