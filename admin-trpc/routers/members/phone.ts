// members.phone: the signed-in member's own mobile number, and whether it is verified.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, getPhone } from '../../../core/app/members/member-phone.ts';
import { ZPhoneAnswer } from './outputs.ts';

export const phone = memberProcedure.output(ZPhoneAnswer).query(({ ctx }) => asMember(ctx.actor, access, () => getPhone(ctx.ctx, ctx.actor)));
