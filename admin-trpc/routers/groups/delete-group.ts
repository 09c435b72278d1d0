// groups.delete: the group and its memberships go (the contacts stay), as DELETE /v1/groups/{id}.
import { z } from 'zod';
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, deleteGroup as run } from '../../../core/app/groups/delete-group.ts';

export const deleteGroup = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
