// Campaign recipients: the list (JSON, keyset on n) and the CSV export streamed from the database.
import { ok, route } from '../route.ts';
import * as recipients from '../../core/app/campaigns/recipients.ts';
import * as exporting from '../../core/app/campaigns/export-recipients.ts';
import { ZIdParam } from './common.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { ZExportQuery, ZListRecipientsQuery } from '../../core/inputs/campaigns.ts';

const tag = 'campaigns';

export const campaignRecipientRoutes = [
  route({
    method: 'get',
    path: REST_PATHS.exportCampaignRecipients,
    operationId: 'exportCampaignRecipients',
    summary: 'Export the recipients of a launched campaign as CSV (at most 500,000 rows; narrow with status)',
    tag,
    access: exporting.access,
    params: ZIdParam,
    query: ZExportQuery,
    produces: 'text/csv',
    handler: async ({ ctx, actor, params, query, req, res }) => {
      // HEAD (which express routes here) says whether the file exists without making it: no token, no audit.
      if (req.method === 'HEAD') {
        await recipients.launchedCampaign(ctx, actor, params.id);
        res.status(200).type('text/csv; charset=utf-8').end();
        return { written: true };
      }
      const file = await exporting.openRecipientExport(ctx, actor, params.id, query);
      res.status(200).type('text/csv; charset=utf-8').attachment(file.filename).setHeader('Cache-Control', 'no-store');
      // A failure half way has destroyed the response: the client sees a broken transfer, never a short file.
      await file.pipeTo(res).catch(() => {});
      return { written: true };
    },
  }),
  route({
    method: 'get',
    path: '/v1/campaigns/:id/messages',
    operationId: 'listCampaignRecipients',
    summary: 'List the recipients of a launched campaign in audience order',
    tag,
    access: recipients.access,
    params: ZIdParam,
    query: ZListRecipientsQuery,
    handler: async ({ ctx, actor, params, query }) => ok(await recipients.listRecipients(ctx, actor, params.id, query)),
  }),
];
