// campaigns.discard: discard a draft (a second discard answers it again, as a replay), as POST /v1/campaigns/{id}/discard.
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { writeAccess as access, discardDraft as run } from '../../../core/app/campaigns/drafts.ts';
import { ZCampaignAnswer } from './outputs.ts';

export const discardCampaign = memberProcedure
  .input(ZIdInput)
  .output(ZCampaignAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
