// A recipients export on a connection of its own: a read-only snapshot, its row count, and the file streamed by COPY.
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { CampaignRow, QuoteRow } from './rows.ts';
import { priceShare } from '../../domain/pricing.ts';
import { eatText, type ExportClient } from '../csv-export.ts';
import { RECIPIENTS_FROM, RECIPIENT_CHARGE, RECIPIENT_FAILURE, RECIPIENT_FINAL_AT, RECIPIENT_STATUS, recipientUpdatedAt } from './recipients.ts';

export type { ExportClient } from '../csv-export.ts';

export interface ExportScope {
  campaign: CampaignRow;
  quote: QuoteRow;
  /** The public statuses the file holds; null for all of them. */
  statuses: string[] | null;
  masked: boolean;
}

/**
 * The COPY statement. COPY takes no bind parameters, so values are written as literals through the
 * driver's escaping; the status filter is a list of known words. The cells that hold text from
 * outside (the number, the provider's failure reason) go through csv_escape, the rule of
 * core/domain/csv-cell.ts in SQL (migrations/0005-csv-escape.ts); the others are our own words,
 * uuids, digits and timestamps, none of which can start with a trigger, and skipping the call
 * on them saves a fifth of the database's time. COPY does the RFC 4180 quoting.
 */
export function exportSql(client: Pick<Client, 'escapeLiteral'>, s: ExportScope): string {
  const lit = (v: string) => client.escapeLiteral(v);
  const share = priceShare(BigInt(s.quote.unit_amount), s.quote.segments);
  const where = [`r.organization_id = ${lit(s.campaign.organization_id)}::uuid`, `r.quote_id = ${lit(s.quote.id)}::uuid`];
  if (s.statuses) where.push(`${RECIPIENT_STATUS} in (${s.statuses.map(lit).join(', ')})`);
  const phone = s.masked ? 'mask_phone(r.phone)' : 'r.phone';
  // Written once for the whole file (a subquery without outer references runs once), not once per row.
  const launched = `(select ${eatText(`${lit(s.campaign.launched_at!.toISOString())}::timestamptz`)})`;
  const select = `select r.n as recipient, csv_escape(${phone}) as phone, ${RECIPIENT_STATUS} as status,
      csv_escape(${RECIPIENT_FAILURE}) as failure_reason, ${s.quote.segments} as segments,
      ${BigInt(s.quote.unit_amount)} as unit_price_cents, ${share} as amount_cents, ${RECIPIENT_CHARGE} as charge,
      ${eatText('r.queued_at')} as queued_at_eat, ${recipientUpdatedAt(launched, eatText)} as updated_at_eat,
      ${eatText(RECIPIENT_FINAL_AT)} as final_at_eat, r.message_id
    from ${RECIPIENTS_FROM} where ${where.join(' and ')} order by r.n`;
  return `copy (${select}) to stdout with (format csv, header)`;
}

/** How many rows of the given statuses the file will have, counting no further than `countTo`. */
export async function countExportRows(client: ExportClient, s: ExportScope & { statuses: string[] }, countTo: number): Promise<number> {
  const found = await client.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ${RECIPIENTS_FROM}
       where r.organization_id = $1 and r.quote_id = $2 and ${RECIPIENT_STATUS} = any($3::text[]) limit $4) x`,
    [s.campaign.organization_id, s.quote.id, s.statuses, countTo],
  );
  return found.rows[0]?.n ?? 0;
}

/**
 * The stream has no timeout (a slow reader must not cut its own download short), and its plan must
 * stream: recipients in key order, each joined to its message by key. Left to itself the planner
 * hashes every message of the campaign and sorts the whole file first, so nothing leaves for seconds.
 */
const STREAMING_PLAN = `select set_config('statement_timeout', '0', true), set_config('enable_sort', 'off', true),
  set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`;

export async function planForStreaming(client: ExportClient): Promise<void> {
  await client.query(STREAMING_PLAN);
}

/** COPYs the file into out. */
export async function streamExport(client: ExportClient, s: ExportScope, out: Writable): Promise<void> {
  await pipeline(client.query(copyTo(exportSql(client, s))), out);
}
