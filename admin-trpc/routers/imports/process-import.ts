// imports.process: the columns, group and consent chosen, the work queued, as POST /v1/contact-imports/{id}/process.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZProcessImportBody } from '../../../core/inputs/imports.ts';
import { access, requestProcessing as run } from '../../../core/app/imports/request-processing.ts';
import { ZContactImportAnswer } from './outputs.ts';

export const processImport = memberProcedure
  .input(ZProcessImportBody.safeExtend({ id: ZId }))
  .output(ZContactImportAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
