// messages.preview: the live counter of a body being typed (encoding, segments, room left, characters at issue, price).
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, previewMessage as run } from '../../../core/app/messages/preview-message.ts';
import { ZMessagePreview } from './outputs.ts';
import { ZPreviewMessageInput } from '../../../core/inputs/messages.ts';

export const previewMessage = memberProcedure
  .input(ZPreviewMessageInput)
  .output(ZMessagePreview)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
