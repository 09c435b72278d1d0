// campaigns.get: a campaign with its quote and launch, as GET /v1/campaigns/{id}.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { readAccess as access, getCampaign as run } from '../../../core/app/campaigns/drafts.ts';
import { ZCampaignAnswer } from './outputs.ts';

export const getCampaign = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZCampaignAnswer)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
