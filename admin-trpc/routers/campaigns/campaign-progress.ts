// campaigns.progress: a launched campaign's recipients counted by status (what GraphQL's recipientCounts gives).
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, campaignProgress as run } from '../../../core/app/campaigns/recipients.ts';
import { ZCampaignProgress } from './outputs.ts';

export const campaignProgress = memberProcedure
  .input(ZIdInput)
  .output(ZCampaignProgress)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
