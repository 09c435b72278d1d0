// campaigns.launch: hold the quote total and schedule or start the campaign, once per key, as POST /v1/campaigns/{id}/launch.
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZLaunchBody } from '../../../core/inputs/campaigns.ts';
import { access, launchCampaign as run } from '../../../core/app/campaigns/launch.ts';
import { ZCampaignAnswer } from './outputs.ts';

export const launchCampaign = memberProcedure
  .input(ZLaunchBody.extend({ id: ZId, idempotencyKey: ZIdempotencyKey }))
  .output(ZCampaignAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { id, idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'campaigns.launch', input, (tx) => run(tx, ctx.actor, id, body)));
  });
