// webhooks.attempts: a delivery's attempts, as GET /v1/webhook-deliveries/{id}/attempts.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { listAttempts as run, readAccess } from '../../../core/app/webhooks/delivery-log.ts';
import { ZAttempts } from './outputs.ts';

export const listAttempts = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZAttempts)
  .query(({ ctx, input }) => asMember(ctx.actor, readAccess, () => run(ctx.ctx, ctx.actor, input.id)));
