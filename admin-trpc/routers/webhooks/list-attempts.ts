// webhooks.attempts: a delivery's attempts, as GET /v1/webhook-deliveries/{id}/attempts.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { listAttempts as run, readAccess } from '../../../core/app/webhooks/delivery-log.ts';
import { ZAttempts } from './outputs.ts';

export const listAttempts = memberProcedure
  .input(ZIdInput)
  .output(ZAttempts)
  .query(({ ctx, input }) => asMember(ctx.actor, readAccess, () => run(ctx.ctx, ctx.actor, input.id)));
