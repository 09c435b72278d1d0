// The daily rollups of messages (migrations 0014 and 0015): what a bucket counts, reading the folded rollups with
// the deltas not folded yet (exact either way), the ids a range of creation days spans, and the fold.
import type { Pool } from 'pg';
import { MESSAGE_STATUSES } from '../../domain/message-states.ts';
import { REPORT_TIME_ZONE } from '../../domain/delivery-report.ts';
import { nativeTransaction, rows } from '../sql.ts';

/** What a bucket is kept by, and what it sums. */
export const BUCKET_KEY = 'organization_id, day, test, sender, campaign_id, operator, traffic_class';
export const SUMMED = [...MESSAGE_STATUSES, 'messages', 'segments', 'spend_cents', 'held_cents'] as const;
/** The campaign_id of a bucket of messages sent outside any campaign (the column is part of the key: never null). */
export const NO_CAMPAIGN = '00000000-0000-0000-0000-000000000000';

/** The buckets matching `where` (its params once), from the rollups and the deltas alike: a subquery to select from. */
export function rollupBuckets(columns: string, where: string, params: unknown[]): { sql: string; params: unknown[] } {
  return {
    sql: `(select ${columns} from message_rollups where ${where} union all select ${columns} from message_rollup_deltas where ${where})`,
    params: [...params, ...params],
  };
}

/**
 * A `bounds` query (one row: lo, hi) of the least and the greatest id of the messages an organization created in
 * [from, to), either end open, from the per-day id bounds of the rollups and of the deltas not yet folded. Ids
 * never change, so a walk by id between them finds every such message, and reads only the days asked for.
 */
export function createdIdBounds(organizationId: string, from: Date | undefined, to: Date | undefined): { sql: string; params: unknown[] } {
  const days = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (from !== undefined) {
    days.push(`day >= (?::timestamptz at time zone '${REPORT_TIME_ZONE}')::date`);
    params.push(from);
  }
  if (to !== undefined) {
    days.push(`day <= ((?::timestamptz - interval '1 microsecond') at time zone '${REPORT_TIME_ZONE}')::date`);
    params.push(to);
  }
  const buckets = rollupBuckets('min_id, max_id', days.join(' and '), params);
  return { sql: `select min(min_id) as lo, max(max_id) as hi from ${buckets.sql} b`, params: buckets.params };
}

/** One fold at a time (a transaction-scoped advisory lock); a fold that finds it taken skips its turn. */
const FOLD_LOCK = 0x75_6a_6d_02;
const FOLD_BATCH = 50_000;

/**
 * Folds the deltas into the daily rollups, a batch at a time, each batch deleted and added in one transaction (a
 * report reads both tables, so it is exact before, during and after; sums need no order, so the deltas have no
 * key). Returns the deltas folded.
 */
export async function foldRollupDeltas(pool: Pool): Promise<number> {
  let folded = 0;
  for (;;) {
    const n = await nativeTransaction(pool, async (tx) => {
      const [turn] = await rows<{ mine: boolean }>(tx, 'select pg_try_advisory_xact_lock(?) as mine', [FOLD_LOCK]);
      if (!turn?.mine) return 0;
      const key = BUCKET_KEY;
      const [done] = await rows<{ n: number }>(
        tx,
        `with moved as (
           delete from message_rollup_deltas where ctid = any(array(select ctid from message_rollup_deltas limit ?)) returning *
         ), added as (
           insert into message_rollups (${key}, ${SUMMED.join(', ')}, min_id, max_id)
           select ${key}, ${SUMMED.map((c) => `sum(${c})`).join(', ')}, min(min_id), max(max_id) from moved group by ${key}
           on conflict (${key}) do update set ${SUMMED.map((c) => `${c} = message_rollups.${c} + excluded.${c}`).join(', ')},
             min_id = least(message_rollups.min_id, excluded.min_id), max_id = greatest(message_rollups.max_id, excluded.max_id)
         )
         select count(*)::int as n from moved`,
        [FOLD_BATCH],
      );
      return done?.n ?? 0;
    });
    folded += n;
    if (n < FOLD_BATCH) return folded;
  }
}
