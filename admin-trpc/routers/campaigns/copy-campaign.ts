// campaigns.copy: a new draft from any campaign, once per key, as POST /v1/campaigns/{id}/copy.
import { z } from 'zod';
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, copyCampaign as run } from '../../../core/app/campaigns/copy.ts';
import { ZCampaignAnswer } from './outputs.ts';

export const copyCampaign = memberProcedure
  .input(ZIdInput.extend({ idempotencyKey: ZIdempotencyKey }))
  .output(ZCampaignAnswer.extend({ copied_from: z.string(), left_out_group_ids: z.array(z.string()), ...ZReplay }))
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'campaigns.copy', input, (tx) => run(tx, ctx.actor, input.id))));
