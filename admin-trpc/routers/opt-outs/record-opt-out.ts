// optOuts.record: a number opts out; one already opted out answers its active opt-out with created false (POST /v1/opt-outs).
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, recordOptOut as run } from '../../../core/app/opt-outs/record-opt-out.ts';
import { ZOptOutAnswer } from './outputs.ts';
import { ZRecordOptOutBody } from '../../../core/inputs/opt-outs.ts';

export const recordOptOut = memberProcedure
  .input(ZRecordOptOutBody)
  .output(ZOptOutAnswer.extend({ created: z.boolean() }))
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
