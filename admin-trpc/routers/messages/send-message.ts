// messages.send: one message validated, priced and held in one step, as POST /v1/messages (key required there too);
// `mode: 'test'` makes it a trial send, completed at once by the number's last digit and never charged.
import { z } from 'zod';
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, idempotentRequest } from '../../idempotency.ts';
import { access, sendMessage as run } from '../../../core/app/messages/send-message.ts';
import { ZMessageDetail } from './outputs.ts';
import { ZSendMessageBody } from '../../../core/inputs/messages.ts';

export const sendMessage = memberProcedure
  .input(ZSendMessageBody.extend({ idempotencyKey: ZIdempotencyKey, mode: z.enum(['live', 'test']).default('live') }))
  .output(ZMessageDetail.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, mode, ...body } = input;
    return asMember(ctx.actor, access, async () => {
      const request = idempotentRequest(ctx.actor, 'messages.send', input);
      const { message, replay } = await run(ctx.ctx, ctx.actor, body, request, { test: mode === 'test' });
      return { ...message, replay };
    });
  });
