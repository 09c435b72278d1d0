// campaigns.edit: change a draft (its version grows, its quote and audience are dropped), as PATCH /v1/campaigns/{id}.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { writeAccess as access, editDraft as run, ZEditDraftBody } from '../../../core/app/campaigns/drafts.ts';
import { ZCampaignAnswer } from './outputs.ts';

/**
 * The draft's id beside REST's body, the body parsed apart by its own schema (among the id, its rule that
 * something besides the version must change would always hold). Its ZodError is an input refusal naming the field.
 */
const ZEditInput = z.looseObject({ id: ZId }).transform(({ id, ...body }) => ({ id, body: ZEditDraftBody.parse(body) }));

export const editCampaign = memberProcedure
  .input(ZEditInput)
  .output(ZCampaignAnswer)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id, input.body)));
