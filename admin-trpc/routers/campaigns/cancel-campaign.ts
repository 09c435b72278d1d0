// campaigns.cancel: cancel a scheduled or sending campaign with its report (a repeat answers it again), as POST /v1/campaigns/{id}/cancel.
import { z } from 'zod';
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, cancelCampaign as run } from '../../../core/app/campaigns/cancel.ts';
import { ZCampaignAnswer, ZCancelReport } from './outputs.ts';

export const cancelCampaign = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZCampaignAnswer.extend({ cancel: ZCancelReport, ...ZReplay }))
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
