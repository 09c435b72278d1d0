// campaigns.cancel: cancel a scheduled or sending campaign with its report (a repeat answers it again), as POST /v1/campaigns/{id}/cancel.
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, cancelCampaign as run } from '../../../core/app/campaigns/cancel.ts';
import { ZCampaignAnswer, ZCancelReport } from './outputs.ts';

export const cancelCampaign = memberProcedure
  .input(ZIdInput)
  .output(ZCampaignAnswer.extend({ cancel: ZCancelReport, ...ZReplay }))
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
