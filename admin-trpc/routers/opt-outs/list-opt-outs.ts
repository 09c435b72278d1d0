// optOuts.list: active, cleared or all opt-outs, searched by number, as GET /v1/opt-outs.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listOptOuts as run } from '../../../core/app/opt-outs/list-opt-outs.ts';
import { ZOptOutPage } from './outputs.ts';
import { ZListOptOutsQuery } from '../../../core/inputs/opt-outs.ts';

export const listOptOuts = memberProcedure
  .input(ZListOptOutsQuery)
  .output(ZOptOutPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
