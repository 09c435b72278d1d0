// messages.cancel: cancel a single message not yet dispatched, its hold released (a repeat answers it again), as
// POST /v1/messages/{id}/cancel.
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, cancelMessage as run } from '../../../core/app/messages/cancel-message.ts';
import { ZMessageDetail } from './outputs.ts';

export const cancelMessage = memberProcedure
  .input(ZIdInput)
  .output(ZMessageDetail.extend(ZReplay))
  .mutation(({ ctx, input }) =>
    asMember(ctx.actor, access, async () => {
      const { message, replay } = await run(ctx.ctx, ctx.actor, input.id);
      return { ...message, replay };
    }),
  );
