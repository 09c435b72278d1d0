// campaigns.exportLink: where the browser downloads the recipients CSV, which REST streams (GET /v1/campaigns/{id}/messages.csv).
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZExportQuery } from '../../../core/inputs/campaigns.ts';
import { access } from '../../../core/app/campaigns/export-recipients.ts';
import { launchedCampaign } from '../../../core/app/campaigns/recipients.ts';
import { restLink } from '../../../core/transport/rest-paths.ts';

export const exportLink = memberProcedure
  .input(ZExportQuery.extend({ id: ZId }))
  .output(z.strictObject({ url: z.string() }))
  .query(({ ctx, input: { id, ...query } }) =>
    asMember(ctx.actor, access, async () => {
      // What the download checks before it reads a row (the campaign readable and launched) runs now, so that a
      // refusal comes as an answer rather than as a broken file; the rows are counted and audited by the download.
      await launchedCampaign(ctx.ctx, ctx.actor, id);
      return { url: restLink('exportCampaignRecipients', { id }, { status: query.status }) };
    }),
  );
