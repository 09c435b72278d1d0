// Campaign recipients: the list (JSON, keyset on n) and the CSV export streamed from the database.
import { ok, route } from '../route.ts';
import * as recipients from '../../core/app/campaigns/recipients.ts';
import * as exporting from '../../core/app/campaigns/export-recipients.ts';
import { ZIdParam } from './common.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { ZExportQuery, ZListRecipientsQuery } from '../../core/inputs/campaigns.ts';
import { csvDownload } from '../csv-download.ts';

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
    handler: ({ ctx, actor, params, query, req, res }) =>
      csvDownload(req, res, () => exporting.openRecipientExport(ctx, actor, params.id, query), () => recipients.launchedCampaign(ctx, actor, params.id)),
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
