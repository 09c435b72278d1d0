// messages.list: messages newest first, single or of a campaign, live or test, as GET /v1/messages.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listMessages as run } from '../../../core/app/messages/list-messages.ts';
import { ZMessagePage } from './outputs.ts';
import { ZListMessagesQuery } from '../../../core/inputs/messages.ts';

export const listMessages = memberProcedure
  .input(ZListMessagesQuery)
  .output(ZMessagePage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
