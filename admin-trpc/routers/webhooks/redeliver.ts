// webhooks.redeliver: deliver again now with the same webhook-id, as POST /v1/webhook-deliveries/{id}/redeliver.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { redeliver as run, redeliverAccess } from '../../../core/app/webhooks/delivery-log.ts';
import { ZDeliveryAnswer } from './outputs.ts';

export const redeliver = memberProcedure
  .input(ZIdInput)
  .output(ZDeliveryAnswer)
  .mutation(({ ctx, input }) => asMember(ctx.actor, redeliverAccess, () => run(ctx.ctx, ctx.actor, input.id)));
