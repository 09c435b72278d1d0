// auth.me: the signed-in member and their organization.
import { memberProcedure, asMember, ANY_MEMBER } from '../../trpc.ts';
import { whoAmI } from '../../../core/app/auth/who-am-i.ts';

export const me = memberProcedure.query(({ ctx }) => asMember(ctx.actor, ANY_MEMBER, () => whoAmI(ctx.ctx, ctx.actor)));
