// groups.removeMembers: contacts leave the group, as POST /v1/groups/{id}/members/remove.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZMembersBody } from '../../../core/inputs/groups.ts';
import { access, removeGroupMembers as run } from '../../../core/app/groups/group-membership.ts';

export const removeGroupMembers = memberProcedure
  .input(ZMembersBody.extend({ id: ZId }))
  .output(z.strictObject({ removed: z.number() }))
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
