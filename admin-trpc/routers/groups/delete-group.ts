// groups.delete: the group and its memberships go (the contacts stay), as DELETE /v1/groups/{id}.
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, deleteGroup as run } from '../../../core/app/groups/delete-group.ts';

export const deleteGroup = memberProcedure
  .input(ZIdInput)
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
