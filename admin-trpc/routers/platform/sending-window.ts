// platform.sendingWindow: when promotional traffic may go out, as GET /v1/sending-window.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, getSendingWindow as run } from '../../../core/app/platform/get-sending-window.ts';
import { ZSendingWindowAnswer } from './outputs.ts';

export const sendingWindow = memberProcedure.output(ZSendingWindowAnswer).query(({ ctx }) => asMember(ctx.actor, access, () => run(ctx.ctx)));
