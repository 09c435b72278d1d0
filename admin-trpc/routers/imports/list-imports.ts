// imports.list: the organization's contact imports, newest first, as GET /v1/contact-imports.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZPage } from '../../../core/inputs/common.ts';
import { access, listImports as run } from '../../../core/app/imports/list-imports.ts';
import { ZContactImport } from './outputs.ts';

export const listImports = memberProcedure
  .input(ZPage)
  .output(z.strictObject({ imports: z.array(ZContactImport), next_before: z.string().nullable() }))
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
