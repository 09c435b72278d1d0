// imports.templateLink: where the dashboard downloads the CSV template to fill in, which REST serves.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access } from '../../../core/app/imports/import-template.ts';
import { restLink } from '../../../core/transport/rest-paths.ts';

export const templateLink = memberProcedure
  .input(z.strictObject({}).optional())
  .output(z.strictObject({ url: z.string() }))
  .query(({ ctx }) => asMember(ctx.actor, access, async () => ({ url: restLink('getContactImportTemplate', {}) })));
