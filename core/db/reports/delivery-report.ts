// The delivery report's read: the buckets of whole days an organization asked for, summed by the dimensions it
// groups by, from the rollups and the deltas not folded yet (exact either way).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import type { ReportDimension } from '../../domain/delivery-report.ts';
import { nativePool, rows } from '../sql.ts';
import { BUCKET_KEY, rollupBuckets, SUMMED } from './rollups.ts';

const COLUMN: Record<ReportDimension, string> = { day: 'day', sender: 'sender', campaign: 'campaign_id', operator: 'operator', traffic_class: 'traffic_class' };

export interface ReportQuery {
  organizationId: string;
  test: boolean;
  /** Midnights in Africa/Dar_es_Salaam: [from, to) in whole days. */
  from: string;
  to: string;
  /** The dimensions to group by, in the report's order. */
  dimensions: ReportDimension[];
}

/** One group's sums (as text: bigint sums) and its dimensions' values, by column name. */
export type ReportSums = Record<string, string | null>;

/** Runs the read on a client of the pool, under the caller's limits (its statement timeout). */
export type ReportReader = (pool: Pool, read: (tx: PoolClient) => Promise<ReportSums[]>) => Promise<ReportSums[]>;

export async function sumReportBuckets(em: EntityManager, q: ReportQuery, within: ReportReader): Promise<ReportSums[]> {
  const dims = q.dimensions.map((d) => COLUMN[d]);
  // day as text: the driver would make a date a local-midnight Date.
  const select = dims.length ? `${dims.map((d) => (d === 'day' ? 'day::text as day' : d)).join(', ')}, ` : '';
  const buckets = rollupBuckets(`${BUCKET_KEY}, ${SUMMED.join(', ')}`, 'organization_id = ? and test = ? and day >= ?::date and day < ?::date', [
    q.organizationId,
    q.test,
    q.from,
    q.to,
  ]);
  return within(await nativePool(em), (tx) =>
    rows<ReportSums>(
      tx,
      `select ${select}${SUMMED.map((c) => `sum(${c})::text as ${c}`).join(', ')} from ${buckets.sql} x
       ${dims.length ? `group by ${dims.join(', ')}` : ''} having sum(messages) <> 0 ${dims.length ? `order by ${dims.join(', ')}` : ''}`,
      buckets.params,
    ),
  );
}
