// campaigns.get: a campaign with its quote and launch, as GET /v1/campaigns/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { readAccess as access, getCampaign as run } from '../../../core/app/campaigns/drafts.ts';
import { ZCampaignAnswer } from './outputs.ts';

export const getCampaign = memberProcedure
  .input(ZIdInput)
  .output(ZCampaignAnswer)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
