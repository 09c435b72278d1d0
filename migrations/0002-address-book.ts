// Address book: contacts, consent history, groups and their members, opt-outs, contact imports.
import { Migration } from '@mikro-orm/migrations';

const statements = [
  // Bulk imports insert 200,000 rows in one statement run; a foreign key to the one organization row
  // would take a share lock on it per row, so the organization is checked by the code that inserts.
  `create table contacts (
    id uuid not null,
    organization_id uuid not null,
    -- Byte order ("C") lets the unique index serve prefix searches (phone like '+255754%') too.
    phone text collate "C" not null,
    name text check (length(name) between 1 and 100),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    -- Keyed by organization first: the key serves lookups and newest-first pages alike (one index
    -- less to maintain on a 200,000-row import), and the table can be distributed by organization.
    primary key (organization_id, id),
    unique (organization_id, phone)
  )`,

  // Consent history of a number: consents recorded and cleared, opt-outs recorded and cleared.
  // Append-only: a trigger refuses every update and delete.
  `create table consent_records (
    id uuid primary key,
    organization_id uuid not null,
    phone text not null,
    contact_id uuid,
    opt_out_id uuid,
    import_id uuid,
    action text not null check (action in ('consent_recorded', 'consent_cleared', 'opted_out', 'opt_out_cleared')),
    source text not null check (source in ('manual', 'import', 'contact_deleted')),
    note text check (length(note) <= 500),
    evidence text check (length(evidence) <= 500),
    actor_type text not null check (actor_type in ('member', 'api_key', 'operator', 'system')),
    actor_id uuid,
    created_at timestamptz not null
  )`,
  `create index consent_records_contact on consent_records (contact_id, id) where contact_id is not null`,
  `create function consent_records_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'consent_records is append-only';
    end $$`,
  `create trigger consent_records_append_only before update or delete on consent_records
    for each row execute function consent_records_append_only()`,

  `create table groups (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    name text not null check (length(name) between 1 and 100),
    member_count integer not null default 0 check (member_count >= 0),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create unique index groups_org_name on groups (organization_id, lower(name))`,

  `create table group_members (
    -- No foreign keys: a key check locks the referenced row, a write per member in a bulk import.
    -- Deleting a group or a contact deletes its memberships explicitly.
    group_id uuid not null,
    contact_id uuid not null,
    -- Copied from the group for distribution by organization; the group's own key already checks it.
    organization_id uuid not null,
    added_at timestamptz not null,
    primary key (group_id, contact_id)
  )`,
  `create index group_members_contact on group_members (contact_id)`,

  // Member counts kept by statement-level triggers, so a bulk insert of 200,000 members updates each group once.
  `create function group_members_count_insert() returns trigger language plpgsql as $$
    begin
      update groups g set member_count = g.member_count + n.added
      from (select group_id, count(*) as added from inserted group by group_id) n
      where g.id = n.group_id;
      return null;
    end $$`,
  `create function group_members_count_delete() returns trigger language plpgsql as $$
    begin
      update groups g set member_count = g.member_count - n.removed
      from (select group_id, count(*) as removed from removed group by group_id) n
      where g.id = n.group_id;
      return null;
    end $$`,
  `create trigger group_members_counted_insert after insert on group_members
    referencing new table as inserted for each statement execute function group_members_count_insert()`,
  `create trigger group_members_counted_delete after delete on group_members
    referencing old table as removed for each statement execute function group_members_count_delete()`,

  `create table opt_outs (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    phone text collate "C" not null,
    source text not null check (source in ('manual')),
    reason text check (length(reason) <= 500),
    created_by_type text not null,
    created_by_id uuid,
    created_at timestamptz not null,
    cleared_at timestamptz,
    clear_reason text check (length(clear_reason) between 3 and 500),
    clear_evidence text check (length(clear_evidence) between 3 and 500),
    cleared_by_type text,
    cleared_by_id uuid,
    check ((cleared_at is null) = (clear_reason is null) and (cleared_at is null) = (clear_evidence is null))
  )`,
  // At most one active opt-out per number; cleared ones stay forever.
  `create unique index opt_outs_active on opt_outs (organization_id, phone) where cleared_at is null`,
  `create index opt_outs_org_id on opt_outs (organization_id, id)`,

  `create table contact_imports (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    state text not null check (state in ('uploading', 'uploaded', 'queued', 'processing', 'completed', 'failed', 'expired')),
    filename text check (length(filename) between 1 and 200),
    delimiter text check (delimiter in ('comma', 'semicolon', 'tab')),
    columns text[],
    rows integer not null default 0,
    bytes bigint not null default 0,
    counted boolean not null default false,
    -- Set once only the phone cells of the rows are left (after processing).
    cells_cleared boolean not null default false,
    error jsonb,
    mapping jsonb,
    consent jsonb,
    group_id uuid references groups(id) on delete set null,
    processed integer not null default 0,
    created integer not null default 0,
    existing integer not null default 0,
    duplicate integer not null default 0,
    invalid integer not null default 0,
    opted_out integer not null default 0,
    consent_recorded integer not null default 0,
    created_by_member_id uuid references members(id),
    created_at timestamptz not null,
    uploaded_at timestamptz,
    started_at timestamptz,
    completed_at timestamptz,
    expires_at timestamptz,
    purged_at timestamptz
  )`,
  `create index contact_imports_org on contact_imports (organization_id, id)`,
  `create index contact_imports_state on contact_imports (state, expires_at)`,
  // One import uploading, queued or processing per organization at a time.
  `create unique index contact_imports_one_active on contact_imports (organization_id)
    where state in ('uploading', 'queued', 'processing')`,

  // Unlogged: staging rows are written and rewritten in bulk without WAL. A database crash empties
  // the table; processing then refuses an import whose rows are gone, and a report shows fewer rows.
  `create unlogged table contact_import_rows (
    -- Deleted explicitly with their import's retention; no per-row lock on the import.
    import_id uuid not null,
    row_no integer not null,
    line integer not null,
    cells text[],
    phone_cell text check (length(phone_cell) <= 32),
    outcome text check (outcome in ('created', 'existing', 'duplicate', 'invalid')),
    reason text,
    primary key (import_id, row_no)
  )`,

];

export class Migration0002AddressBook extends Migration {
  override name = '0002-address-book';

  override up(): void {
    for (const sql of statements) this.addSql(sql);
  }
}
