// groups.create: a group, as POST /v1/groups (the key is optional there too).
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, createGroup as run } from '../../../core/app/groups/save-group.ts';
import { ZGroupAnswer } from './outputs.ts';
import { ZGroupBody } from '../../../core/inputs/groups.ts';

export const createGroup = memberProcedure
  .input(ZGroupBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZGroupAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'groups.create', input, (tx) => run(tx, ctx.actor, body)));
  });
