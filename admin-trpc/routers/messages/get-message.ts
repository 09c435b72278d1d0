// messages.get: a message with its attempts and receipts, as GET /v1/messages/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, getMessage as run } from '../../../core/app/messages/list-messages.ts';
import { ZMessageDetail } from './outputs.ts';

export const getMessage = memberProcedure
  .input(ZIdInput)
  .output(ZMessageDetail)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
