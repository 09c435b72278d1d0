// Export campaign recipients as CSV: streamed from PostgreSQL through COPY, rate limited, counted first, audited
// (core/app/csv-export.ts).
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { countExportRows, planForStreaming, streamExport, type ExportClient, type ExportScope } from '../../db/campaigns/recipient-export.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { MAX_EXPORT_ROWS, openCsvExport, type CsvExport } from '../csv-export.ts';
import { launchedCampaign, readTimeout, statusesOf } from './recipients.ts';
import { type TExportQuery } from '../../inputs/campaigns.ts';

export { readAccess as access } from './drafts.ts';
export { EXPORT_APPLICATION, EXPORT_BUCKET, EXPORT_TIME_ZONE, MAX_EXPORT_ROWS } from '../csv-export.ts';

export const EXPORT_COLUMNS = [
  'recipient', 'phone', 'status', 'failure_reason', 'segments', 'unit_price_cents', 'amount_cents', 'charge',
  'queued_at_eat', 'updated_at_eat', 'final_at_eat', 'message_id',
] as const;

/** How many rows the file will have, counting no further than countTo; then the plan that keeps the file streaming. */
async function countRows(client: ExportClient, s: ExportScope, countTo: number): Promise<number> {
  const rows = s.statuses ? await countExportRows(client, { ...s, statuses: s.statuses }, countTo) : (s.campaign.audience_size ?? 0);
  await planForStreaming(client);
  return rows;
}

export type RecipientExport = CsvExport;

/**
 * Opens the export of a launched campaign's recipients: numbers masked unless the member may read contacts, the
 * rows narrowed by status. An export reads on a connection of its own, outside the request pool.
 */
export async function openRecipientExport(ctx: Ctx, actor: TenantActor, id: string, query: TExportQuery): Promise<RecipientExport> {
  const { campaign, quote } = await launchedCampaign(ctx, actor, id);
  const scope: ExportScope = { campaign, quote, statuses: query.status ? statusesOf(query.status) : null, masked: !canSeeNumbers(actor) };
  return openCsvExport(ctx, actor, {
    filename: `campaign-${campaign.id}-recipients${query.status ? `-${query.status}` : ''}.csv`,
    count: (client, countTo) => countRows(client, scope, countTo),
    stream: (client, out) => streamExport(client, scope, out),
    audit: (rows) => ({
      organizationId: actor.organizationId,
      action: 'campaign.exported',
      targetType: 'campaign',
      targetId: campaign.id,
      details: { rows, status: query.status ?? null, numbers_masked: scope.masked },
    }),
    tooLarge: new DomainError('export_too_large', `The export would have more than ${MAX_EXPORT_ROWS} rows; export one status at a time.`, { field: 'status' }),
    timedOut: readTimeout,
  });
}
