// inbox.keywords and inbox.setKeywords: the organization's opt-out and opt-in words and their confirmations, as
// GET and PATCH /v1/keywords.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, getKeywordSettings, readAccess, setKeywordSettings } from '../../../core/app/inbound/keyword-settings.ts';
import { ZKeywordSettingsBody } from '../../../core/inputs/inbound.ts';
import { ZKeywords } from './outputs.ts';

export const keywords = memberProcedure
  .input(z.strictObject({}).optional())
  .output(ZKeywords)
  .query(({ ctx }) => asMember(ctx.actor, readAccess, () => getKeywordSettings(ctx.ctx, ctx.actor)));

export const setKeywords = memberProcedure
  .input(ZKeywordSettingsBody)
  .output(ZKeywords)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => setKeywordSettings(ctx.ctx, ctx.actor, input)));
