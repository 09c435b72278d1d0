// members.list: the organization's members, as GET /v1/members.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZPage } from '../../../core/inputs/common.ts';
import { access, listMembers as run } from '../../../core/app/members/list-members.ts';
import { ZMemberPage } from './outputs.ts';

export const listMembers = memberProcedure
  .input(ZPage)
  .output(ZMemberPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
