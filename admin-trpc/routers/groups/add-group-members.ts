// groups.addMembers: contacts join the group, as POST /v1/groups/{id}/members/add.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZMembersBody } from '../../../core/inputs/groups.ts';
import { access, addGroupMembers as run } from '../../../core/app/groups/group-membership.ts';

export const addGroupMembers = memberProcedure
  .input(ZMembersBody.extend({ id: ZId }))
  .output(z.strictObject({ added: z.number() }))
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
