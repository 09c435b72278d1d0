// senderIds.request: ask the service to approve a sender ID, as POST /v1/sender-ids (the key is optional there too).
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, requestSenderId as run } from '../../../core/app/sender-ids/request-sender-id.ts';
import { ZSenderIdAnswer } from './outputs.ts';
import { ZRequestSenderIdBody } from '../../../core/inputs/sender-ids.ts';

export const requestSenderId = memberProcedure
  .input(ZRequestSenderIdBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZSenderIdAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'senderIds.request', input, (tx) => run(tx, ctx.actor, body)));
  });
