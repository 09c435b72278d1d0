// campaigns.edit: change a draft (its version grows, its quote and audience are dropped), as PATCH /v1/campaigns/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { withId } from '../../inputs.ts';
import { writeAccess as access, editDraft as run } from '../../../core/app/campaigns/drafts.ts';
import { ZCampaignAnswer } from './outputs.ts';
import { ZEditDraftBody } from '../../../core/inputs/campaigns.ts';

export const editCampaign = memberProcedure
  .input(withId(ZEditDraftBody))
  .output(ZCampaignAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
