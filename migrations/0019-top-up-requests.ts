// Top-up requests: a member says what it paid in, the operator credits against it (the ledger entry it wrote) or
// declines it (with a reason). Decided once: the checks tie each status to exactly the columns it fills.
import { Migration } from '@mikro-orm/migrations';

export class Migration0019TopUpRequests extends Migration {
  override name = '0019-top-up-requests';

  override up(): void {
    this.addSql(`create table top_up_requests (
      id uuid primary key,
      organization_id uuid not null references organizations(id),
      status text not null default 'pending' check (status in ('pending', 'credited', 'declined')),
      amount bigint not null check (amount between 1 and 100000000000),
      method text not null check (method in ('bank_transfer', 'mobile_money')),
      reference text not null check (length(reference) between 1 and 100),
      note text check (length(note) <= 500),
      requested_by_member_id uuid references members(id),
      credited_amount bigint check (credited_amount > 0),
      ledger_entry_id uuid references ledger_entries(id),
      decline_reason text check (length(decline_reason) between 3 and 500),
      decided_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((status = 'pending') = (decided_at is null)),
      check ((status = 'credited') = (credited_amount is not null and ledger_entry_id is not null)),
      check ((status = 'declined') = (decline_reason is not null))
    )`);
    this.addSql('create index top_up_requests_org on top_up_requests (organization_id, id)');
    // The operators' queue across organizations.
    this.addSql(`create index top_up_requests_pending on top_up_requests (id) where status = 'pending'`);
    // A ledger entry pays for one request at most.
    this.addSql('create unique index top_up_requests_ledger_entry on top_up_requests (ledger_entry_id)');
    // One payment, one request: a reference is unique in an organization (ignoring case) unless declined.
    this.addSql(`create unique index top_up_requests_reference on top_up_requests (organization_id, upper(reference)) where status <> 'declined'`);
  }
}
