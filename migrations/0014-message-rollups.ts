// Daily rollups of messages for delivery reports, exact and kept in the transaction of every change: a
// statement-level trigger on messages appends the change's deltas (per day in Africa/Dar_es_Salaam, sender,
// campaign, operator, traffic class and mode) to message_rollup_deltas, which no two writers share (append only:
// no row lock, no lock order to keep). The tick folds the deltas into message_rollups; a report reads both, so it
// is exact whether or not the fold has run. Existing messages are counted once here.
import { Migration } from '@mikro-orm/migrations';
import { operatorSql } from '../core/domain/operators.ts';

/** One counter per status, the segments and the money held and captured: what a report sums. */
const COUNTERS = `messages bigint not null default 0, segments bigint not null default 0,
  accepted bigint not null default 0, submitted bigint not null default 0, delivered bigint not null default 0,
  undelivered bigint not null default 0, failed bigint not null default 0, unknown bigint not null default 0,
  cancelled bigint not null default 0, expired bigint not null default 0,
  spend_cents bigint not null default 0, held_cents bigint not null default 0`;

const KEY = 'organization_id, day, test, sender, campaign_id, operator, traffic_class';

/** What one message row adds to its bucket (a removed or replaced row subtracts it: sign -1). */
const contribution = (t: string, sign: string) => `select ${t}.organization_id, (${t}.created_at at time zone 'Africa/Dar_es_Salaam')::date as day, ${t}.test,
    ${t}.sender, coalesce(${t}.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_id, message_operator(${t}.to_phone) as operator,
    ${t}.traffic_class, ${sign} as messages, ${sign} * ${t}.segments as segments,
    ${sign} * (${t}.status = 'accepted')::int as accepted, ${sign} * (${t}.status = 'submitted')::int as submitted,
    ${sign} * (${t}.status = 'delivered')::int as delivered, ${sign} * (${t}.status = 'undelivered')::int as undelivered,
    ${sign} * (${t}.status = 'failed')::int as failed, ${sign} * (${t}.status = 'unknown')::int as unknown,
    ${sign} * (${t}.status = 'cancelled')::int as cancelled, ${sign} * (${t}.status = 'expired')::int as expired,
    ${sign} * case when ${t}.charge = 'captured' then ${t}.total else 0 end as spend_cents,
    ${sign} * case when ${t}.charge = 'held' then ${t}.total else 0 end as held_cents`;

const SUMS = `sum(messages), sum(segments), sum(accepted), sum(submitted), sum(delivered), sum(undelivered), sum(failed), sum(unknown),
  sum(cancelled), sum(expired), sum(spend_cents), sum(held_cents)`;
const COLUMNS = 'messages, segments, accepted, submitted, delivered, undelivered, failed, unknown, cancelled, expired, spend_cents, held_cents';

export class Migration0014MessageRollups extends Migration {
  override name = '0014-message-rollups';

  override up(): void {
    this.addSql(`create or replace function message_operator(phone text) returns text language sql immutable parallel safe as $$ select ${operatorSql('phone')} $$`);
    this.addSql(`create table message_rollups (
      organization_id uuid not null, day date not null, test boolean not null, sender text not null, campaign_id uuid not null,
      operator text not null, traffic_class text not null, ${COUNTERS},
      primary key (${KEY})
    )`);
    this.addSql(`create table message_rollup_deltas (
      id bigint generated always as identity primary key,
      organization_id uuid not null, day date not null, test boolean not null, sender text not null, campaign_id uuid not null,
      operator text not null, traffic_class text not null, ${COUNTERS}
    )`);
    this.addSql('create index message_rollup_deltas_org on message_rollup_deltas (organization_id, day)');
    // Only a change of status, charge or what the key is made of moves a message between buckets; a claim's
    // submit mark or a timestamp adds nothing.
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
            ${contribution('n', '1')} from new_rows n join old_rows o on o.organization_id = n.organization_id and o.id = n.id
              where (n.status, n.charge, n.total, n.segments, n.sender, n.to_phone, n.created_at, n.test, n.traffic_class, n.campaign_id)
                is distinct from (o.status, o.charge, o.total, o.segments, o.sender, o.to_phone, o.created_at, o.test, o.traffic_class, o.campaign_id)
            union all
            ${contribution('o', '-1')} from old_rows o join new_rows n on o.organization_id = n.organization_id and o.id = n.id
              where (n.status, n.charge, n.total, n.segments, n.sender, n.to_phone, n.created_at, n.test, n.traffic_class, n.campaign_id)
                is distinct from (o.status, o.charge, o.total, o.segments, o.sender, o.to_phone, o.created_at, o.test, o.traffic_class, o.campaign_id)
          ) c group by ${KEY};
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger messages_rollup_insert after insert on messages referencing new table as new_rows for each statement execute function record_message_rollup_deltas()`);
    this.addSql(`create trigger messages_rollup_update after update on messages referencing old table as old_rows new table as new_rows for each statement execute function record_message_rollup_deltas()`);
    this.addSql(`create trigger messages_rollup_delete after delete on messages referencing old table as old_rows for each statement execute function record_message_rollup_deltas()`);
    // The messages already there, counted once.
    this.addSql(`insert into message_rollups (${KEY}, ${COLUMNS})
      select ${KEY}, ${SUMS} from (${contribution('m', '1')} from messages m) c group by ${KEY}`);
  }
}
