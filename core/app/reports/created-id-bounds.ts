// The ids a range of creation times spans, from the daily rollups' id bounds (migration 0015).

/**
 * A `bounds` query (one row: lo, hi) of the least and the greatest id of the messages an organization created in
 * [from, to), either end open, from the per-day id bounds of the rollups and of the deltas not yet folded. Ids
 * never change, so a walk by id between them finds every such message, and reads only the days asked for.
 */
export function createdIdBounds(organizationId: string, from: Date | undefined, to: Date | undefined): { sql: string; params: unknown[] } {
  const days = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (from !== undefined) {
    days.push(`day >= (?::timestamptz at time zone 'Africa/Dar_es_Salaam')::date`);
    params.push(from);
  }
  if (to !== undefined) {
    days.push(`day <= ((?::timestamptz - interval '1 microsecond') at time zone 'Africa/Dar_es_Salaam')::date`);
    params.push(to);
  }
  const where = days.join(' and ');
  return {
    sql: `select min(min_id) as lo, max(max_id) as hi from (select min_id, max_id from message_rollups where ${where}
            union all select min_id, max_id from message_rollup_deltas where ${where}) b`,
    params: [...params, ...params],
  };
}
