// auth.requestPasswordReset: the same answer for any address; a member's code goes by SMS (and mail) in a job.
import { publicProcedure, mapErrors } from '../../trpc.ts';
import { requestPasswordReset as run, ZRequestPasswordResetBody } from '../../../core/app/auth/request-password-reset.ts';
import { clientAddress } from '../../../core/transport/cookies.ts';
import { ZResetRequested } from './outputs.ts';

export const requestPasswordReset = publicProcedure
  .input(ZRequestPasswordResetBody)
  .output(ZResetRequested)
  .mutation(({ ctx, input }) => mapErrors(() => run(ctx.ctx, input, clientAddress(ctx.req))));
