// Honest under faults. An attempt row now exists only once a submit may have been written (it is inserted just
// before the first part goes to the socket, not at the claim), so a claim whose process died without one goes
// back to the queue; `not_sent` is an attempt that was marked but whose parts never left. A receipt that finds no
// part leaves a placeholder under every form of its id in message_provider_ids: the unique index is where a
// receipt and the submit answer it waits for meet, whichever process writes first. Early receipts count their
// tries, so those that match nothing wait behind the fresh ones. Claims name their dispatcher (see below).
import { Migration } from '@mikro-orm/migrations';

export class Migration0020HonestDispatch extends Migration {
  override name = '0020-honest-dispatch';

  override up(): void {
    this.addSql('alter table message_attempts drop constraint message_attempts_state_check');
    this.addSql(`alter table message_attempts add constraint message_attempts_state_check
                 check (state in ('submitting', 'submitted', 'refused', 'ambiguous', 'not_sent'))`);
    this.addSql('alter table message_provider_ids alter column organization_id drop not null');
    this.addSql('alter table message_provider_ids alter column message_id drop not null');
    this.addSql('alter table message_provider_ids alter column part drop not null');
    this.addSql('alter table message_provider_ids add column waiting_since timestamptz');
    this.addSql(`alter table message_provider_ids add constraint message_provider_ids_placeholder
                 check ((message_id is null) = (waiting_since is not null) and (message_id is null) = (organization_id is null)
                        and (message_id is null) = (part is null))`);
    this.addSql('create index message_provider_ids_waiting on message_provider_ids (waiting_since) where waiting_since is not null');
    // A campaign message the provider fails after accepting it gets its captured share back: a refund entry.
    this.addSql('alter table ledger_entries drop constraint ledger_entries_kind_check');
    this.addSql(`alter table ledger_entries add constraint ledger_entries_kind_check
                 check (kind in ('top_up', 'hold', 'capture', 'release', 'refund', 'adjustment'))`);
    this.addSql('alter table early_receipts add column tries integer not null default 0');
    // A claim names its dispatcher, and each running dispatcher says it is alive every second: a claim is dead only
    // when its dispatcher stopped saying so (a live one may hold a claim long while the SMSC throttles it).
    this.addSql('alter table messages add column claimed_by uuid');
    this.addSql('create table dispatchers (id uuid primary key, seen_at timestamptz not null)');
    this.addSql('create index early_receipts_queue on early_receipts (tries, received_at, id)');
  }
}
