// campaigns.preview: the live counter of a campaign's body for those who write campaigns (what messages.preview
// answers to those who send).
import { memberProcedure, asMember } from '../../trpc.ts';
import { campaignAccess, previewMessage as run } from '../../../core/app/messages/preview-message.ts';
import { ZMessagePreview } from '../messages/outputs.ts';
import { ZPreviewMessageInput } from '../../../core/inputs/messages.ts';

export const previewBody = memberProcedure
  .input(ZPreviewMessageInput)
  .output(ZMessagePreview)
  .query(({ ctx, input }) => asMember(ctx.actor, campaignAccess, () => run(ctx.ctx, ctx.actor, input)));
