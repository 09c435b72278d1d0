// members.create: a member with a role and an initial password, as POST /v1/members (the key is optional there too).
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, createMember as run } from '../../../core/app/members/create-member.ts';
import { ZMemberAnswer } from './outputs.ts';
import { ZCreateMemberBody } from '../../../core/inputs/members.ts';

export const createMember = memberProcedure
  .input(ZCreateMemberBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZMemberAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'members.create', input, (tx) => run(tx, ctx.actor, ctx.actor.organizationId, body)));
  });
