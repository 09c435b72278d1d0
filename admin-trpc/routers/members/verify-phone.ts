// members.verifyPhone: the code texted to the member's number verifies it.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, verifyPhone as run, ZVerifyPhoneBody } from '../../../core/app/members/member-phone.ts';
import { ZPhoneAnswer } from './outputs.ts';

export const verifyPhone = memberProcedure
  .input(ZVerifyPhoneBody)
  .output(ZPhoneAnswer)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
