// campaigns.create: a draft, once per key, as POST /v1/campaigns (the key is required there too).
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { writeAccess as access, createDraft as run } from '../../../core/app/campaigns/drafts.ts';
import { ZCampaignAnswer } from './outputs.ts';
import { ZCreateDraftBody } from '../../../core/inputs/campaigns.ts';

export const createCampaign = memberProcedure
  .input(ZCreateDraftBody.extend({ idempotencyKey: ZIdempotencyKey }))
  .output(ZCampaignAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'campaigns.create', input, (tx) => run(tx, ctx.actor, body)));
  });
