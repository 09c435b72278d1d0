// members.remove: the member loses access at once (their sessions end), as DELETE /v1/members/{id}.
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, deleteMember as run } from '../../../core/app/members/delete-member.ts';

export const removeMember = memberProcedure
  .input(ZIdInput)
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
