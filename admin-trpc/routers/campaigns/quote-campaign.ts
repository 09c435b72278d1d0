// campaigns.quote: freeze and price a draft's audience, once per key, as POST /v1/campaigns/{id}/quote.
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, idempotentRequest } from '../../idempotency.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZQuoteBody } from '../../../core/inputs/campaigns.ts';
import { writeAccess as access } from '../../../core/app/campaigns/drafts.ts';
import { quoteCampaign as run } from '../../../core/app/campaigns/quote.ts';
import { ZQuoteAnswer } from './outputs.ts';

export const quoteCampaign = memberProcedure
  .input(ZQuoteBody.extend({ id: ZId, idempotencyKey: ZIdempotencyKey }))
  .output(ZQuoteAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { id, idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body, idempotentRequest(ctx.actor, 'campaigns.quote', input)));
  });
