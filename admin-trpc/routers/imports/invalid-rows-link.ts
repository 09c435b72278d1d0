// imports.invalidRowsLink: where the dashboard downloads an import's invalid-rows report, which REST streams as CSV.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, invalidRowsReport } from '../../../core/app/imports/invalid-rows-report.ts';
import { restLink } from '../../../core/transport/rest-paths.ts';

export const invalidRowsLink = memberProcedure
  .input(ZIdInput)
  .output(z.strictObject({ url: z.string() }))
  .query(({ ctx, input }) =>
    asMember(ctx.actor, access, async () => {
      // The report's own checks (numbers visible, the import found and processed) run now; its rows are read
      // only by the download, so a refusal comes here rather than as a broken file.
      await invalidRowsReport(ctx.ctx, ctx.actor, input.id);
      return { url: restLink('getContactImportInvalidRows', { id: input.id }) };
    }),
  );
