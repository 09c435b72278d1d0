// Export campaign recipients as CSV: streamed from PostgreSQL through COPY, rate limited, counted first, audited.
import type { Writable } from 'node:stream';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import {
  beginExportSnapshot, closeExportClient, countExportRows, openExportClient, planForStreaming, streamExport, type ExportClient, type ExportScope,
} from '../../db/campaigns/recipient-export.ts';
import { takeToken } from '../rate-limit.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { isStatementTimeout, launchedCampaign, readTimeout, statusesOf } from './recipients.ts';
import { type TExportQuery } from '../../inputs/campaigns.ts';

export { readAccess as access } from './drafts.ts';

export const MAX_EXPORT_ROWS = 500_000;
/** Exports per organization: a burst of 5, then one every 12 seconds (5 a minute). */
export const EXPORT_BUCKET = { capacity: 5, perSecond: 5 / 60 };
/** The file's times are local to it: the export's transaction runs in this time zone. */
export const EXPORT_TIME_ZONE = 'Africa/Dar_es_Salaam';
/** How an export's database session names itself (pg_stat_activity). */
export const EXPORT_APPLICATION = 'ujumbe-export';

export const EXPORT_COLUMNS = [
  'recipient', 'phone', 'status', 'failure_reason', 'segments', 'unit_price_cents', 'amount_cents', 'charge',
  'queued_at_eat', 'updated_at_eat', 'final_at_eat', 'message_id',
] as const;

/** How many rows the file will have, counting no further than one past the limit. */
async function countRows(client: ExportClient, s: ExportScope): Promise<number> {
  if (!s.statuses) return s.campaign.audience_size ?? 0;
  return countExportRows(client, { ...s, statuses: s.statuses }, MAX_EXPORT_ROWS + 1);
}

export interface RecipientExport {
  filename: string;
  rows: number;
  /** Streams the file into out; a failure half way destroys out, so the reader never takes a short file for a whole one. */
  pipeTo(out: Writable): Promise<void>;
}

/** In one repeatable-read transaction with the file that follows: its rows, at most one past the limit. */
async function openSnapshot(ctx: Ctx, client: ExportClient, scope: ExportScope): Promise<number> {
  const ms = ctx.deps.config.readTimeoutMs;
  try {
    await beginExportSnapshot(client, ms, EXPORT_TIME_ZONE);
    const rows = await countRows(client, scope);
    if (rows > MAX_EXPORT_ROWS) {
      throw new DomainError('export_too_large', `The export would have more than ${MAX_EXPORT_ROWS} rows; export one status at a time.`, { field: 'status' });
    }
    await planForStreaming(client);
    return rows;
  } catch (err) {
    throw isStatementTimeout(err) ? readTimeout(ms) : err;
  }
}

/**
 * Opens the export: the rows are counted in the snapshot the file is read from (503 read_timeout
 * within readTimeoutMs; 422 export_too_large past 500,000), so the count the audit log keeps,
 * written before anything leaves, is the file's. The caller calls pipeTo once the response
 * headers are set; the stream itself has no timeout, so a slow reader never cuts its own download.
 * An export reads on a connection of its own, outside the request pool (core/db/campaigns/recipient-export.ts).
 */
export async function openRecipientExport(ctx: Ctx, actor: TenantActor, id: string, query: TExportQuery): Promise<RecipientExport> {
  const { campaign, quote } = await launchedCampaign(ctx, actor, id);
  await takeToken(ctx, `export:${actor.organizationId}`, EXPORT_BUCKET.capacity, EXPORT_BUCKET.perSecond);
  const scope: ExportScope = { campaign, quote, statuses: query.status ? statusesOf(query.status) : null, masked: !canSeeNumbers(actor) };
  const client = await openExportClient(ctx.em, EXPORT_APPLICATION);
  const close = () => closeExportClient(client);
  let rows: number;
  try {
    rows = await openSnapshot(ctx, client, scope);
    await recordAudit(ctx, actor, {
      organizationId: actor.organizationId,
      action: 'campaign.exported',
      targetType: 'campaign',
      targetId: campaign.id,
      details: { rows, status: query.status ?? null, numbers_masked: scope.masked },
    });
  } catch (err) {
    await close();
    throw err;
  }
  return {
    filename: `campaign-${campaign.id}-recipients${query.status ? `-${query.status}` : ''}.csv`,
    rows,
    async pipeTo(out) {
      try {
        await streamExport(client, scope, out);
      } catch (err) {
        out.destroy();
        throw err;
      } finally {
        // Closing also ends a COPY still under way (the reader went away) and its transaction.
        await close();
      }
    },
  };
}
