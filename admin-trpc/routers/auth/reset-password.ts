// auth.resetPassword: the address, its code and a new password; every session of the member ends (sign in anew).
import { publicProcedure, mapErrors } from '../../trpc.ts';
import { resetPassword as run, ZResetPasswordBody } from '../../../core/app/auth/reset-password.ts';
import { clientAddress } from '../../../core/transport/cookies.ts';
import { ZPasswordReset } from './outputs.ts';

export const resetPassword = publicProcedure
  .input(ZResetPasswordBody)
  .output(ZPasswordReset)
  .mutation(({ ctx, input }) => mapErrors(() => run(ctx.ctx, input, clientAddress(ctx.req))));
