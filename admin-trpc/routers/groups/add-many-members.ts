// groups.addManyMembers: up to 1,000 contacts join the group at once, as POST /v1/groups/{id}/members/add-many.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, addManyGroupMembers as run, ZAddManyMembersBody } from '../../../core/app/groups/add-many-members.ts';

export const addManyGroupMembers = memberProcedure
  .input(ZAddManyMembersBody.extend({ id: ZId }))
  .output(z.strictObject({ added: z.number(), already_members: z.number(), repeated: z.number() }))
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
