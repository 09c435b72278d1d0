// Export campaign recipients as CSV: streamed from PostgreSQL through COPY, rate limited, counted first, audited.
import { z } from 'zod';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg, { type Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { priceShare } from '../../domain/pricing.ts';
import { nativePool } from '../../db/sql.ts';
import { takeToken } from '../rate-limit.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import type { CampaignRow, QuoteRow } from './campaign-view.ts';
import {
  RECIPIENTS_FROM, RECIPIENT_CHARGE, RECIPIENT_FAILURE, RECIPIENT_FINAL_AT, RECIPIENT_STATUS, ZRecipientStatusFilter,
  isStatementTimeout, launchedCampaign, readTimeout, recipientUpdatedAt, statusesOf, type TRecipientStatusFilter,
} from './recipients.ts';

export { readAccess as access } from './drafts.ts';

export const MAX_EXPORT_ROWS = 500_000;
/** Exports per organization: a burst of 5, then one every 12 seconds (5 a minute). */
export const EXPORT_BUCKET = { capacity: 5, perSecond: 5 / 60 };
export const EXPORT_TIME_ZONE = 'Africa/Dar_es_Salaam';
/** How an export's database session names itself (pg_stat_activity). */
export const EXPORT_APPLICATION = 'ujumbe-export';

export const EXPORT_COLUMNS = [
  'recipient', 'phone', 'status', 'failure_reason', 'segments', 'unit_price_cents', 'amount_cents', 'charge',
  'queued_at_eat', 'updated_at_eat', 'final_at_eat', 'message_id',
] as const;

/** Only status narrows an export; a number search is a list operation (unknown parameters are 422). */
export const ZExportQuery = z.strictObject({ status: ZRecipientStatusFilter.optional() });
export type TExportQuery = z.infer<typeof ZExportQuery>;

interface Scope {
  campaign: CampaignRow;
  quote: QuoteRow;
  status: TRecipientStatusFilter | undefined;
  masked: boolean;
}

/**
 * Local time with its offset, to the second (2026-11-22T12:00:00+03:00). The transaction's time zone is
 * EAT, so a timestamp's text is `2026-11-22 12:00:00+03`; reshaping it costs half of to_char.
 */
const eat = (column: string) => `replace(date_trunc('second', ${column})::text, ' ', 'T') || ':00'`;

/**
 * The COPY statement. COPY takes no bind parameters, so values are written as literals through the
 * driver's escaping; the status filter is a list of known words. The cells that hold text from
 * outside (the number, the provider's failure reason) go through csv_escape, the rule of
 * core/domain/csv-cell.ts in SQL (migrations/0005-csv-escape.ts); the others are our own words,
 * uuids, digits and timestamps, none of which can start with a trigger, and skipping the call
 * on them saves a fifth of the database's time. COPY does the RFC 4180 quoting.
 */
export function exportSql(client: Pick<Client, 'escapeLiteral'>, s: Scope): string {
  const lit = (v: string) => client.escapeLiteral(v);
  const share = priceShare(BigInt(s.quote.unit_amount), s.quote.segments);
  const where = [`r.organization_id = ${lit(s.campaign.organization_id)}::uuid`, `r.quote_id = ${lit(s.quote.id)}::uuid`];
  if (s.status) where.push(`${RECIPIENT_STATUS} in (${statusesOf(s.status).map(lit).join(', ')})`);
  const phone = s.masked ? 'mask_phone(r.phone)' : 'r.phone';
  // Written once for the whole file (a subquery without outer references runs once), not once per row.
  const launched = `(select ${eat(`${lit(s.campaign.launched_at!.toISOString())}::timestamptz`)})`;
  const select = `select r.n as recipient, csv_escape(${phone}) as phone, ${RECIPIENT_STATUS} as status,
      csv_escape(${RECIPIENT_FAILURE}) as failure_reason, ${s.quote.segments} as segments,
      ${BigInt(s.quote.unit_amount)} as unit_price_cents, ${share} as amount_cents, ${RECIPIENT_CHARGE} as charge,
      ${eat('r.queued_at')} as queued_at_eat, ${recipientUpdatedAt(launched, eat)} as updated_at_eat,
      ${eat(RECIPIENT_FINAL_AT)} as final_at_eat, r.message_id
    from ${RECIPIENTS_FROM} where ${where.join(' and ')} order by r.n`;
  return `copy (${select}) to stdout with (format csv, header)`;
}

/**
 * The stream has no timeout (a slow reader must not cut its own download short), and its plan must
 * stream: recipients in key order, each joined to its message by key. Left to itself the planner
 * hashes every message of the campaign and sorts the whole file first, so nothing leaves for seconds.
 */
const STREAMING_PLAN = `select set_config('statement_timeout', '0', true), set_config('enable_sort', 'off', true),
  set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`;

/** How many rows the file will have, counting no further than one past the limit. */
async function countRows(tx: Client, s: Scope): Promise<number> {
  if (!s.status) return s.campaign.audience_size ?? 0;
  const found = await tx.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ${RECIPIENTS_FROM}
       where r.organization_id = $1 and r.quote_id = $2 and ${RECIPIENT_STATUS} = any($3::text[]) limit $4) x`,
    [s.campaign.organization_id, s.quote.id, statusesOf(s.status), MAX_EXPORT_ROWS + 1],
  );
  return found.rows[0]?.n ?? 0;
}

export interface RecipientExport {
  filename: string;
  rows: number;
  /** Streams the file into out; a failure half way destroys out, so the reader never takes a short file for a whole one. */
  pipeTo(out: Writable): Promise<void>;
}

/**
 * An export reads on a connection of its own, outside the request pool: a slow download holds it
 * for as long as it lasts, and must neither starve other requests nor wait for a pooled connection
 * (the audit) while holding one.
 */
async function exportConnection(ctx: Ctx): Promise<Client> {
  const options = (await nativePool(ctx.em)).options;
  // pg-pool keeps the password out of the enumerable options, so it is named here.
  const client = new pg.Client({ ...options, password: options.password, application_name: EXPORT_APPLICATION });
  // A dropped connection is reported by the statement in flight; the event must not take the process down.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** In one repeatable-read transaction with the file that follows: its rows, at most one past the limit. */
async function openSnapshot(ctx: Ctx, client: Client, scope: Scope): Promise<number> {
  const ms = ctx.deps.config.readTimeoutMs;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query("select set_config('statement_timeout', $1, true), set_config('timezone', $2, true)", [String(ms), EXPORT_TIME_ZONE]);
    const rows = await countRows(client, scope);
    if (rows > MAX_EXPORT_ROWS) {
      throw new DomainError('export_too_large', `The export would have more than ${MAX_EXPORT_ROWS} rows; export one status at a time.`, { field: 'status' });
    }
    await client.query(STREAMING_PLAN);
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
 */
export async function openRecipientExport(ctx: Ctx, actor: TenantActor, id: string, query: TExportQuery): Promise<RecipientExport> {
  const { campaign, quote } = await launchedCampaign(ctx, actor, id);
  await takeToken(ctx, `export:${actor.organizationId}`, EXPORT_BUCKET.capacity, EXPORT_BUCKET.perSecond);
  const scope: Scope = { campaign, quote, status: query.status, masked: !canSeeNumbers(actor) };
  const client = await exportConnection(ctx);
  const close = () => client.end().catch(() => {});
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
        await pipeline(client.query(copyTo(exportSql(client, scope))), out);
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
