// wallet.topUps: the organization's top-up requests, as GET /v1/wallet/top-ups.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listTopUps as run } from '../../../core/app/wallet/top-ups/list-top-ups.ts';
import { ZTopUpsOutput } from './outputs.ts';
import { ZListTopUpsQuery } from '../../../core/inputs/wallet.ts';

export const listTopUps = memberProcedure
  .input(ZListTopUpsQuery)
  .output(ZTopUpsOutput)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
