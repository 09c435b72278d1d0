// groups.rename: a new name, unique in the organization ignoring case, as PATCH /v1/groups/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZGroupBody } from '../../../core/inputs/groups.ts';
import { access, renameGroup as run } from '../../../core/app/groups/save-group.ts';
import { ZGroupAnswer } from './outputs.ts';

export const renameGroup = memberProcedure
  .input(ZGroupBody.extend({ id: ZId }))
  .output(ZGroupAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
