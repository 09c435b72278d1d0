// auth.acceptInvitation: an invitation's token, a name and a password make the member and sign them in, with the
// session's cookies (and a device cookie) set as auth.signIn sets them.
import { publicProcedure, mapErrors } from '../../trpc.ts';
import { acceptInvitation as run, ZAcceptInvitationBody } from '../../../core/app/members/accept-invitation.ts';
import { clientAddress, cookiesSecure, setDeviceCookie, startSessionCookies } from '../../../core/transport/cookies.ts';
import { ZSignedIn } from './outputs.ts';

export const acceptInvitation = publicProcedure
  .input(ZAcceptInvitationBody)
  .output(ZSignedIn)
  .mutation(({ ctx, input }) =>
    mapErrors(async () => {
      const session = await run(ctx.ctx, input, clientAddress(ctx.req));
      const secure = cookiesSecure(ctx.ctx.deps.config.secureCookies, ctx.req);
      startSessionCookies(ctx.res, session, ctx.ctx.now, secure);
      setDeviceCookie(ctx.res, session.deviceToken, secure);
      return { member: session.member, csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() };
    }),
  );
