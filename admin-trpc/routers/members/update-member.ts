// members.update: a member's role or name, as PATCH /v1/members/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZUpdateMemberBody } from '../../../core/inputs/members.ts';
import { access, updateMember as run } from '../../../core/app/members/update-member.ts';
import { ZMemberAnswer } from './outputs.ts';

export const updateMember = memberProcedure
  .input(ZUpdateMemberBody.extend({ id: ZId }))
  .output(ZMemberAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
