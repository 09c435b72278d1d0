// The messages CSV: the organization's messages created in a range of days, newest first as the list walks them,
// streamed by COPY on the export's own connection (core/db/csv-export.ts).
import type { Writable } from 'node:stream';
import { createdIdBounds } from '../reports/rollups.ts';
import { eatText, streamCopy, type ExportClient } from '../csv-export.ts';
import type { RecipientSearch } from '../../domain/phone.ts';

export interface MessageExportScope {
  organizationId: string;
  from: Date;
  to: Date;
  /** null for both modes. */
  test: boolean | null;
  /** Campaign numbers are masked for callers who may not read contacts (as the list shows them). */
  maskCampaignNumbers: boolean;
  /** The list's filters, as the list reads them (core/db/messages/list-messages.ts). */
  status?: readonly string[] | undefined;
  traffic_class?: string | undefined;
  sender?: string | undefined;
  /** Among masked numbers a search would give the hidden digits away: it reaches single messages only. */
  recipient?: RecipientSearch | undefined;
}

/** The least and greatest ids the range's days span (by the rollups): the walk reads those days alone. */
export interface IdBounds {
  lo: string | null;
  hi: string | null;
}

export async function findExportIdBounds(client: ExportClient, s: MessageExportScope): Promise<IdBounds> {
  const bounds = createdIdBounds(s.organizationId, s.from, s.to);
  let n = 0;
  const found = await client.query<IdBounds>(bounds.sql.replace(/\?/g, () => `$${++n}`), bounds.params);
  return found.rows[0] ?? { lo: null, hi: null };
}

/** The rows' conditions, as literals: COPY takes no bind parameters, so values go through the driver's escaping. */
function where(client: ExportClient, s: MessageExportScope, b: IdBounds): string {
  const lit = (v: string) => client.escapeLiteral(v);
  // No rollup bucket for the days: no message was created in them.
  if (b.lo === null || b.hi === null) return 'false';
  const conditions = [
    `m.organization_id = ${lit(s.organizationId)}::uuid`,
    `m.id between ${lit(b.lo)}::uuid and ${lit(b.hi)}::uuid`,
    `m.created_at >= ${lit(s.from.toISOString())}::timestamptz`,
    `m.created_at < ${lit(s.to.toISOString())}::timestamptz`,
  ];
  if (s.test !== null) conditions.push(`m.test = ${s.test}`);
  if (s.status) conditions.push(`m.status = any(${lit(`{${s.status.join(',')}}`)}::text[])`);
  if (s.traffic_class) conditions.push(`m.traffic_class = ${lit(s.traffic_class)}`);
  if (s.sender) conditions.push(`m.sender = ${lit(s.sender)}`);
  if (s.recipient) {
    // As the list: messages_recipient (a trigram index) serves both; a search holds only digits and a leading +.
    conditions.push('exact' in s.recipient ? `m.to_phone = ${lit(s.recipient.exact)}` : `m.to_phone like ${lit(`%${s.recipient.contains}%`)}`);
    if (s.maskCampaignNumbers) conditions.push('m.campaign_id is null');
  }
  return conditions.join(' and ');
}

/** How many rows the file will have, counting no further than `countTo`. */
export async function countMessageExportRows(client: ExportClient, s: MessageExportScope, b: IdBounds, countTo: number): Promise<number> {
  const found = await client.query<{ n: number }>(`select count(*)::int as n from (select 1 from messages m where ${where(client, s, b)} limit $1) x`, [countTo]);
  return found.rows[0]?.n ?? 0;
}

export const MESSAGE_EXPORT_COLUMNS = [
  'message_id', 'created_at_eat', 'mode', 'status', 'to', 'from', 'traffic_class', 'segments', 'encoding',
  'unit_price', 'total', 'currency', 'charged', 'client_ref', 'campaign_id', 'failure_reason', 'final_at_eat', 'body',
] as const;

/**
 * The file's select. Cells holding text from outside (the number, sender, reference, failure reason and body) go
 * through csv_escape (core/domain/csv-cell.ts in SQL); the others are our own words, uuids, times and amounts, which
 * a spreadsheet must read as numbers. Amounts are shillings with two decimals (cents_as_tzs, from integer cents).
 */
export function messageExportSelect(client: ExportClient, s: MessageExportScope, b: IdBounds): string {
  const phone = s.maskCampaignNumbers ? 'case when m.campaign_id is null then m.to_phone else mask_phone(m.to_phone) end' : 'm.to_phone';
  return `select m.id as message_id, ${eatText('m.created_at')} as created_at_eat, case when m.test then 'test' else 'live' end as mode,
      m.status, csv_escape(${phone}) as "to", csv_escape(m.sender) as "from", m.traffic_class, m.segments, m.encoding,
      cents_as_tzs(m.unit_amount) as unit_price, cents_as_tzs(m.total) as total, 'TZS' as currency, case when m.charge = 'captured' then 'true' else 'false' end as charged,
      csv_escape(m.client_ref) as client_ref, m.campaign_id, csv_escape(m.failure_reason) as failure_reason,
      ${eatText('m.final_at')} as final_at_eat, csv_escape(m.body) as body
    from messages m where ${where(client, s, b)} order by m.id desc`;
}

export function streamMessageExport(client: ExportClient, s: MessageExportScope, b: IdBounds, out: Writable): Promise<void> {
  return streamCopy(client, messageExportSelect(client, s, b), out);
}
