// optOuts.clear: an opt-out ends, with a reason and evidence, once, as POST /v1/opt-outs/{id}/clear.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZClearOptOutBody } from '../../../core/inputs/opt-outs.ts';
import { access, clearOptOut as run } from '../../../core/app/opt-outs/clear-opt-out.ts';
import { ZOptOutAnswer } from './outputs.ts';

export const clearOptOut = memberProcedure
  .input(ZClearOptOutBody.extend({ id: ZId }))
  .output(ZOptOutAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
