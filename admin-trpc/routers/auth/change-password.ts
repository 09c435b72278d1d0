// auth.changePassword: the signed-in member's new password; their other sessions end, this one goes on.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, changePassword as run, ZChangePasswordBody } from '../../../core/app/auth/change-password.ts';
import { ZPasswordChanged } from './outputs.ts';

export const changePassword = memberProcedure
  .input(ZChangePasswordBody)
  .output(ZPasswordChanged)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
