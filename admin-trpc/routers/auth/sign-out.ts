// auth.signOut: ends the session and clears its cookies.
import { memberProcedure, asMember, ANY_MEMBER } from '../../trpc.ts';
import { signOut as run } from '../../../core/app/auth/sign-in.ts';
import { clearSessionCookies, cookiesSecure } from '../../../core/transport/cookies.ts';
import { ZSignedOut } from './outputs.ts';

export const signOut = memberProcedure.output(ZSignedOut).mutation(({ ctx }) =>
  asMember(ctx.actor, ANY_MEMBER, async () => {
    const out = await run(ctx.ctx, ctx.actor.sessionId);
    clearSessionCookies(ctx.res, cookiesSecure(ctx.ctx.deps.config.secureCookies, ctx.req));
    return out;
  }),
);
