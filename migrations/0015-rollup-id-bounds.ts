// Each rollup bucket also keeps the least and the greatest id of the messages counted in it. Ids never change,
// so the bounds of a day's buckets cover every message created that day (a removed message leaves them wider,
// never wrong): a list of messages filtered by creation time walks only the ids those days span, with no index
// on creation time to keep on every message write. The trigger of 0014 is replaced to record them.
import { Migration } from '@mikro-orm/migrations';

const KEY = 'organization_id, day, test, sender, campaign_id, operator, traffic_class';
const COLUMNS = 'messages, segments, accepted, submitted, delivered, undelivered, failed, unknown, cancelled, expired, spend_cents, held_cents, min_id, max_id';
const SUMS = `sum(messages), sum(segments), sum(accepted), sum(submitted), sum(delivered), sum(undelivered), sum(failed), sum(unknown),
  sum(cancelled), sum(expired), sum(spend_cents), sum(held_cents), min(min_id), max(max_id)`;

/** What one message row adds to its bucket (sign -1: a removed or replaced row, which moves no bound). */
const contribution = (t: string, sign: string) => `select ${t}.organization_id, (${t}.created_at at time zone 'Africa/Dar_es_Salaam')::date as day, ${t}.test,
    ${t}.sender, coalesce(${t}.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_id, message_operator(${t}.to_phone) as operator,
    ${t}.traffic_class, ${sign} as messages, ${sign} * ${t}.segments as segments,
    ${sign} * (${t}.status = 'accepted')::int as accepted, ${sign} * (${t}.status = 'submitted')::int as submitted,
    ${sign} * (${t}.status = 'delivered')::int as delivered, ${sign} * (${t}.status = 'undelivered')::int as undelivered,
    ${sign} * (${t}.status = 'failed')::int as failed, ${sign} * (${t}.status = 'unknown')::int as unknown,
    ${sign} * (${t}.status = 'cancelled')::int as cancelled, ${sign} * (${t}.status = 'expired')::int as expired,
    ${sign} * case when ${t}.charge = 'captured' then ${t}.total else 0 end as spend_cents,
    ${sign} * case when ${t}.charge = 'held' then ${t}.total else 0 end as held_cents,
    ${sign === '1' ? `${t}.id as min_id, ${t}.id as max_id` : 'null::uuid as min_id, null::uuid as max_id'}`;

const CHANGED = `(n.status, n.charge, n.total, n.segments, n.sender, n.to_phone, n.created_at, n.test, n.traffic_class, n.campaign_id)
  is distinct from (o.status, o.charge, o.total, o.segments, o.sender, o.to_phone, o.created_at, o.test, o.traffic_class, o.campaign_id)`;

export class Migration0015RollupIdBounds extends Migration {
  override name = '0015-rollup-id-bounds';

  override up(): void {
    // PostgreSQL orders uuids but has no min or max of them: the two aggregates, from least and greatest (in
    // PL/pgSQL: a third of the time of SQL functions, which an aggregate calls without inlining).
    this.addSql(`create function uuid_smaller(a uuid, b uuid) returns uuid language plpgsql immutable strict parallel safe as $$ begin return least(a, b); end $$`);
    this.addSql(`create function uuid_larger(a uuid, b uuid) returns uuid language plpgsql immutable strict parallel safe as $$ begin return greatest(a, b); end $$`);
    this.addSql('create aggregate min(uuid) (sfunc = uuid_smaller, stype = uuid, combinefunc = uuid_smaller, sortop = <, parallel = safe)');
    this.addSql('create aggregate max(uuid) (sfunc = uuid_larger, stype = uuid, combinefunc = uuid_larger, sortop = >, parallel = safe)');
    for (const table of ['message_rollups', 'message_rollup_deltas']) this.addSql(`alter table ${table} add column min_id uuid, add column max_id uuid`);
    this.addSql(`create or replace function record_message_rollup_deltas() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into message_rollup_deltas (${KEY}, ${COLUMNS})
          select ${KEY}, ${SUMS} from (${contribution('n', '1')} from new_rows n) c group by ${KEY};
        elsif tg_op = 'DELETE' then
          insert into message_rollup_deltas (${KEY}, ${COLUMNS})
          select ${KEY}, ${SUMS} from (${contribution('o', '-1')} from old_rows o) c group by ${KEY};
        else
          insert into message_rollup_deltas (${KEY}, ${COLUMNS})
          select ${KEY}, ${SUMS} from (
            ${contribution('n', '1')} from new_rows n join old_rows o on o.organization_id = n.organization_id and o.id = n.id where ${CHANGED}
            union all
            ${contribution('o', '-1')} from old_rows o join new_rows n on o.organization_id = n.organization_id and o.id = n.id where ${CHANGED}
          ) c group by ${KEY};
        end if;
        return null;
      end $$`);
    // The bounds of the messages already counted, as deltas the next fold adds to their buckets.
    const bounds = `select ${KEY}, min(id) as min_id, max(id) as max_id from (select organization_id, (created_at at time zone 'Africa/Dar_es_Salaam')::date as day, test, sender,
        coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_id, message_operator(to_phone) as operator, traffic_class, id from messages) m group by ${KEY}`;
    this.addSql(`insert into message_rollup_deltas (${KEY}, min_id, max_id) select ${KEY}, min_id, max_id from (${bounds}) b`);
  }
}
