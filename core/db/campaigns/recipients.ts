// Campaign recipients as their public status reads them (their own columns before feeding, their message's after),
// read under a statement timeout on a client of their own.
import type { CampaignClient, CampaignPool } from './own-client.ts';
import { onOwnClient } from './own-client.ts';
import { rows } from '../sql.ts';

/** The recipient's public status, charge and times: its message's once queued, its own columns before. */
export const RECIPIENT_STATUS = "case when r.status = 'queued' then m.status else r.status end";
export const RECIPIENT_CHARGE = "case when r.status = 'queued' then m.charge when r.released then 'released' else 'held' end";
export const RECIPIENT_FAILURE = "case when r.status = 'queued' then m.failure_reason end";
export const RECIPIENT_FINAL_AT = "case when r.status = 'queued' then m.final_at else r.final_at end";
/**
 * A recipient never touched since the launch was last updated by it. `format` wraps each column
 * (the export writes them as text); `launchedAt` comes as it should appear.
 */
export const recipientUpdatedAt = (launchedAt: string, format = (column: string) => column) =>
  `case when r.status = 'queued' then ${format('m.updated_at')} else coalesce(${format('r.updated_at')}, ${launchedAt}) end`;

export const RECIPIENTS_FROM = `campaign_recipients r left join messages m on m.organization_id = r.organization_id and m.id = r.message_id`;

/** Runs a read in a transaction whose statements may take at most `ms` (PostgreSQL's query_canceled past it). */
export function withStatementTimeout<T>(pool: CampaignPool, ms: number, read: (tx: CampaignClient) => Promise<T>): Promise<T> {
  return onOwnClient(pool, async (tx) => {
    await tx.query("select set_config('statement_timeout', $1, true)", [String(ms)]);
    return read(tx);
  });
}

export interface RecipientRow {
  n: number;
  phone: string;
  status: string;
  message_id: string | null;
  failure_reason: string | null;
  charge: string;
  queued_at: Date | null;
  updated_at: Date;
  final_at: Date | null;
}

export interface RecipientFilter {
  organizationId: string;
  quoteId: string;
  /** The campaign's launch: the last update of a recipient never touched since. */
  launchedAt: Date | null;
  /** Recipients after this n, in audience order. */
  after: number;
  /** Public statuses, any of them. */
  statuses?: string[] | undefined;
  /** A prefix of the number: + and digits only, so it needs no LIKE escaping. */
  phonePrefix?: string | null | undefined;
  limit: number;
}

/** Up to `limit` recipients after `after`, in audience order, that match the filter. */
export function findRecipients(tx: CampaignClient, f: RecipientFilter): Promise<RecipientRow[]> {
  const conditions = ['r.organization_id = ?', 'r.quote_id = ?', 'r.n > ?'];
  const params: unknown[] = [f.organizationId, f.quoteId, f.after];
  if (f.statuses) {
    conditions.push(`${RECIPIENT_STATUS} = any(?::text[])`);
    params.push(f.statuses);
  }
  if (f.phonePrefix) {
    conditions.push('r.phone like ?');
    params.push(`${f.phonePrefix}%`);
  }
  return rows<RecipientRow>(
    tx,
    `select r.n, r.phone, r.message_id, r.queued_at, ${RECIPIENT_STATUS} as status, ${RECIPIENT_CHARGE} as charge,
       ${RECIPIENT_FAILURE} as failure_reason, ${recipientUpdatedAt('?::timestamptz')} as updated_at, ${RECIPIENT_FINAL_AT} as final_at
     from ${RECIPIENTS_FROM}
     where ${conditions.join(' and ')}
     order by r.n limit ?`,
    [f.launchedAt, ...params, f.limit],
  );
}

export interface StatusCount {
  quote_id: string;
  status: string;
  n: number;
}

/** How many recipients of each launch (by quote id) stand in each public status, in one statement; none is no row. */
export function countRecipientsByStatus(tx: CampaignClient, organizationId: string, quoteIds: readonly string[]): Promise<StatusCount[]> {
  return rows<StatusCount>(
    tx,
    `select r.quote_id, ${RECIPIENT_STATUS} as status, count(*)::int as n from ${RECIPIENTS_FROM}
     where r.organization_id = ? and r.quote_id = any(?::uuid[]) group by 1, 2`,
    [organizationId, `{${quoteIds.join(',')}}`],
  );
}
