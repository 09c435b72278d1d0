// members.list: the organization's members.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZPage } from '../../../core/app/paging.ts';
import { access, listMembers as run } from '../../../core/app/members/list-members.ts';

export const listMembers = memberProcedure.input(ZPage).query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
