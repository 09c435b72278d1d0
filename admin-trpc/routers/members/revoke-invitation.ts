// members.revokeInvitation: a pending invitation's link stops working.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, revokeInvitation as run } from '../../../core/app/members/invitations.ts';
import { ZInvitationAnswer } from './outputs.ts';

export const revokeInvitation = memberProcedure
  .input(ZIdInput)
  .output(ZInvitationAnswer)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
