// One payment, one live request across every organization. A request keeps its reference as typed and its
// canonical form (reference_key, core/domain/top-up-reference.ts: NFKC, dashes, spaces and invisible characters
// removed, upper case), and the canonical form is unique among pending and credited requests of all
// organizations: two filings at the same moment cannot both succeed. A filing refused because another
// organization holds the reference is kept for the operator in top_up_reference_clashes.
//
// Requests filed before this compared references only within an organization and only ignoring case, so two live
// requests may already share a canonical form. None is changed or declined (the operator decides, and a credited
// one has moved money): the earliest keeps the reference, each later one names it in clash_of, stays out of the
// unique index and is shown to the operator as a clash. The backfill runs the domain function itself, so that
// the stored form is exactly the one new filings are compared with.
import { Migration } from '@mikro-orm/migrations';
import { topUpReferenceKey } from '../core/domain/top-up-reference.ts';

export class Migration0023TopUpReferenceKeys extends Migration {
  override name = '0023-top-up-reference-keys';

  override async up(): Promise<void> {
    // Run in order here rather than queued: the backfill reads and writes between the statements.
    await this.execute('alter table top_up_requests add column reference_key text');
    await this.execute('alter table top_up_requests add column clash_of uuid references top_up_requests(id)');
    await this.execute('alter table top_up_requests add constraint top_up_requests_clash_of_other check (clash_of <> id)');
    const existing = (await this.execute('select id, reference from top_up_requests')) as { id: string; reference: string }[];
    const keys = existing.map((row) => ({ id: row.id, key: topUpReferenceKey(row.reference) }));
    await this.execute(
      `update top_up_requests t set reference_key = v.key
       from jsonb_to_recordset(?::jsonb) as v(id uuid, key text) where t.id = v.id`,
      [JSON.stringify(keys)],
    );
    await this.execute(`update top_up_requests t set clash_of = f.first_id
       from (select id, first_value(id) over (partition by reference_key order by created_at, id) as first_id
             from top_up_requests where status <> 'declined') f
       where t.id = f.id and f.first_id <> t.id`);
    await this.execute('alter table top_up_requests alter column reference_key set not null');
    // Superseded by the index below: the same rule across organizations and over the canonical form.
    await this.execute('drop index top_up_requests_reference');
    await this.execute(`create unique index top_up_requests_reference_key on top_up_requests (reference_key)
                        where status <> 'declined' and clash_of is null`);
    // Every filing of a reference, whatever its status, for the operator's clashes.
    await this.execute('create index top_up_requests_by_reference_key on top_up_requests (reference_key)');
    await this.execute(`create table top_up_reference_clashes (
      id uuid primary key,
      organization_id uuid not null references organizations(id),
      top_up_request_id uuid not null references top_up_requests(id),
      amount bigint not null check (amount between 1 and 100000000000),
      method text not null check (method in ('bank_transfer', 'mobile_money')),
      reference text not null check (length(reference) between 1 and 100),
      reference_key text not null,
      note text check (length(note) <= 500),
      requested_by_member_id uuid references members(id),
      created_at timestamptz not null
    )`);
    await this.execute('create index top_up_reference_clashes_request on top_up_reference_clashes (top_up_request_id)');
    await this.execute('create index top_up_reference_clashes_org on top_up_reference_clashes (organization_id, id)');
  }
}
