// auth.me: the signed-in member, their organization and the permissions of their role.
import { memberProcedure, asMember, ANY_MEMBER } from '../../trpc.ts';
import { whoAmI } from '../../../core/app/auth/who-am-i.ts';
import { ZWhoAmI } from './outputs.ts';

export const me = memberProcedure.output(ZWhoAmI).query(({ ctx }) => asMember(ctx.actor, ANY_MEMBER, () => whoAmI(ctx.ctx, ctx.actor)));
