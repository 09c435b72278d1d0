// members.invitations: the organization's invitations, newest first, each with its state.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listInvitations as run, ZListInvitationsQuery } from '../../../core/app/members/invitations.ts';
import { ZInvitationPage } from './outputs.ts';

export const listInvitations = memberProcedure
  .input(ZListInvitationsQuery)
  .output(ZInvitationPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
