// campaigns.list: campaigns newest first with their quotes, as GET /v1/campaigns.
import { memberProcedure, asMember } from '../../trpc.ts';
import { readAccess as access, listCampaigns as run } from '../../../core/app/campaigns/drafts.ts';
import { ZCampaignPage } from './outputs.ts';
import { ZListCampaignsQuery } from '../../../core/inputs/campaigns.ts';

export const listCampaigns = memberProcedure
  .input(ZListCampaignsQuery)
  .output(ZCampaignPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
