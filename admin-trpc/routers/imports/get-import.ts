// imports.get: an import's state, delimiter, columns, counts and a sample of its rows, as GET /v1/contact-imports/{id}.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, getImport as run } from '../../../core/app/imports/list-imports.ts';
import { ZContactImport } from './outputs.ts';

export const getImport = memberProcedure
  .input(ZIdInput)
  .output(z.strictObject({ import: ZContactImport, sample: z.array(z.array(z.string())).nullable() }))
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
