// members.setPhone: the member's own mobile number, unverified until the code texted to it comes back.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, setPhone as run, ZSetPhoneBody } from '../../../core/app/members/member-phone.ts';
import { ZPhoneSet } from './outputs.ts';

export const setPhone = memberProcedure
  .input(ZSetPhoneBody)
  .output(ZPhoneSet)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
