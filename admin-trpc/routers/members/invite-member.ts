// members.invite: an invitation by link to an address with a role; the link is in this answer alone.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, inviteMember as run, ZInviteMemberBody } from '../../../core/app/members/invitations.ts';
import { ZInvited } from './outputs.ts';

export const inviteMember = memberProcedure
  .input(ZInviteMemberBody)
  .output(ZInvited)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
