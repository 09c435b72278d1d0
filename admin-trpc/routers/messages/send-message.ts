// messages.send: one live message validated, priced and held in one step, as POST /v1/messages (key required there too).
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, idempotentRequest } from '../../idempotency.ts';
import { access, sendMessage as run, ZSendMessageBody } from '../../../core/app/messages/send-message.ts';
import { ZMessageDetail } from './outputs.ts';

export const sendMessage = memberProcedure
  .input(ZSendMessageBody.extend({ idempotencyKey: ZIdempotencyKey }))
  .output(ZMessageDetail.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, async () => {
      const { message, replay } = await run(ctx.ctx, ctx.actor, body, idempotentRequest(ctx.actor, 'messages.send', input));
      return { ...message, replay };
    });
  });
