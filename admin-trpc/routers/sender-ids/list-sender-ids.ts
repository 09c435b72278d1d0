// senderIds.list: the organization's sender IDs with both approvals, as GET /v1/sender-ids.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listSenderIds as run } from '../../../core/app/sender-ids/list-sender-ids.ts';
import { ZSenderIdList } from './outputs.ts';

export const listSenderIds = memberProcedure.output(ZSenderIdList).query(({ ctx }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor)));
