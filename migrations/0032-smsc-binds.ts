// Several SMSC binds, routed by operator. A bind is one SMPP account the dispatcher keeps bound (its URL's password
// sealed like webhook secrets); a route lists, for one operator, the binds that carry its messages in order: the
// first is its own, the rest its fallbacks. Each worker process writes the live state of its lanes (one per bind)
// every second or two, for `ops binds`; rows of processes that stopped writing age out. A lane claims only its
// operators' messages through an index on the operator of the number (message_operator, the one operators table):
// an index on the expression rather than a stored column, since the send path inserts whole rows of messages.
// Each attempt names the bind that carried it, and a message the bind that took it last.
import { Migration } from '@mikro-orm/migrations';

const OPERATORS = `('vodacom', 'airtel', 'yas', 'halotel', 'ttcl', 'other')`;
const BIND_NAME = `~ '^[a-z0-9][a-z0-9-]{0,39}$'`;

export class Migration0032SmscBinds extends Migration {
  override name = '0032-smsc-binds';

  override up(): void {
    this.addSql(`create table smsc_binds (
      name text collate "C" primary key check (name ${BIND_NAME}),
      url_sealed text not null,
      -- The URL with its password left out, shown to the operator.
      url_shown text not null check (length(url_shown) between 1 and 300),
      system_type text not null default '' check (length(system_type) <= 12),
      tps integer not null check (tps between 1 and 10000),
      window_size integer not null check (window_size between 1 and 1000),
      submit_timeout_ms integer not null check (submit_timeout_ms between 100 and 600000),
      enabled boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create table smsc_routes (
      operator text primary key check (operator in ${OPERATORS}),
      binds text[] not null check (cardinality(binds) between 1 and 10),
      updated_at timestamptz not null
    )`);
    this.addSql(`create table smsc_lane_states (
      process_id uuid not null,
      process text not null check (length(process) between 1 and 200),
      bind text not null,
      bound boolean not null,
      live boolean not null,
      per_second real not null check (per_second >= 0),
      window_in_use integer not null check (window_in_use >= 0),
      window_size integer not null check (window_size >= 1),
      operators text[] not null,
      last_error text check (length(last_error) <= 500),
      last_error_at timestamptz,
      seen_at timestamptz not null,
      primary key (process_id, bind)
    )`);
    this.addSql('alter table messages add column bind text');
    this.addSql('alter table message_attempts add column bind text');
    // The claim of a lane that carries some operators: their queued messages in due order, operator by operator.
    this.addSql(`create index messages_due_by_operator on messages (message_operator(to_phone), dispatch_after)
                 where status = 'accepted' and not test and submit_started_at is null`);
  }
}
