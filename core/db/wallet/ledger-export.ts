// The ledger CSV: the organization's entries written in a range of days, newest first as the ledger lists them,
// streamed by COPY on the export's own connection (core/db/csv-export.ts).
import type { Writable } from 'node:stream';
import { eatText, streamCopy, type ExportClient } from '../csv-export.ts';

export interface LedgerExportScope {
  organizationId: string;
  from: Date;
  to: Date;
  /** false for a test key: its ledger is empty. */
  live: boolean;
}

/** The rows' conditions, as literals: COPY takes no bind parameters, so values go through the driver's escaping. */
function where(client: ExportClient, s: LedgerExportScope): string {
  const lit = (v: string) => client.escapeLiteral(v);
  if (!s.live) return 'false';
  return [
    `e.organization_id = ${lit(s.organizationId)}::uuid`,
    `e.created_at >= ${lit(s.from.toISOString())}::timestamptz`,
    `e.created_at < ${lit(s.to.toISOString())}::timestamptz`,
  ].join(' and ');
}

/** How many rows the file will have, counting no further than `countTo`. */
export async function countLedgerExportRows(client: ExportClient, s: LedgerExportScope, countTo: number): Promise<number> {
  const found = await client.query<{ n: number }>(`select count(*)::int as n from (select 1 from ledger_entries e where ${where(client, s)} limit $1) x`, [countTo]);
  return found.rows[0]?.n ?? 0;
}

export const LEDGER_EXPORT_COLUMNS = [
  'entry_id', 'created_at_eat', 'kind', 'amount', 'balance_after', 'held_after', 'currency', 'reference', 'message_id', 'campaign_id',
] as const;

/**
 * The file's select. The reference is text from outside and goes through csv_escape; amounts are shillings with
 * two decimals (cents_as_tzs, from integer cents), left as numbers for the spreadsheet (an adjustment may be
 * negative).
 */
export function ledgerExportSelect(client: ExportClient, s: LedgerExportScope): string {
  return `select e.id as entry_id, ${eatText('e.created_at')} as created_at_eat, e.kind, cents_as_tzs(e.amount) as amount,
      cents_as_tzs(e.balance_after) as balance_after, cents_as_tzs(e.held_after) as held_after, 'TZS' as currency,
      csv_escape(e.reference) as reference, e.message_id, e.campaign_id
    from ledger_entries e where ${where(client, s)} order by e.id desc`;
}

export function streamLedgerExport(client: ExportClient, s: LedgerExportScope, out: Writable): Promise<void> {
  return streamCopy(client, ledgerExportSelect(client, s), out);
}
