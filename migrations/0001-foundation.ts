// Foundation schema: tenancy, auth, money, sender IDs, platform settings, idempotency, rate limits, audit.
import { Migration } from '@mikro-orm/migrations';

const statements = [
  `create table organizations (
    id uuid primary key,
    name text not null check (length(name) between 1 and 200),
    verified boolean not null default false,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,

  `create table members (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    email text not null check (email = lower(email)),
    name text,
    password_hash text not null,
    role text not null check (role in ('owner', 'admin', 'developer', 'marketer', 'analyst', 'billing')),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    deleted_at timestamptz
  )`,
  // Sign-in is by email alone, so an address belongs to one live member across all organizations.
  `create unique index members_email_live on members (email) where deleted_at is null`,
  `create index members_org on members (organization_id, id)`,

  `create table sessions (
    id uuid primary key,
    token_hash bytea not null unique,
    member_id uuid not null references members(id),
    organization_id uuid not null references organizations(id),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    ended_at timestamptz
  )`,
  `create index sessions_member on sessions (member_id) where ended_at is null`,

  `create table api_keys (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    name text not null check (length(name) between 1 and 100),
    mode text not null check (mode in ('test', 'live')),
    display_prefix text not null,
    last_four text not null,
    secret_hash bytea not null unique,
    scopes text[] not null,
    created_by_member_id uuid references members(id),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    rotated_at timestamptz,
    replaced_by_id uuid references api_keys(id),
    grace_until timestamptz,
    last_used_at timestamptz
  )`,
  `create index api_keys_org on api_keys (organization_id, id)`,

  `create table audit_events (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    actor_type text not null check (actor_type in ('member', 'api_key', 'operator', 'system')),
    actor_id uuid,
    action text not null,
    target_type text,
    target_id uuid,
    details jsonb not null default '{}'::jsonb,
    created_at timestamptz not null
  )`,
  `create index audit_events_org on audit_events (organization_id, id)`,

  `create table price_plans (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    version integer not null check (version >= 1),
    transactional_unit bigint not null check (transactional_unit >= 0),
    promotional_unit bigint not null check (promotional_unit >= 0),
    created_at timestamptz not null,
    unique (organization_id, version)
  )`,

  // Invariant of DESIGN.md section 5: credits = available + held + captured, none negative.
  `create table wallets (
    organization_id uuid primary key references organizations(id),
    available bigint not null default 0 check (available >= 0),
    held bigint not null default 0 check (held >= 0),
    captured bigint not null default 0 check (captured >= 0),
    credited bigint not null default 0 check (credited >= 0),
    frozen boolean not null default false,
    updated_at timestamptz not null,
    check (credited = available + held + captured)
  )`,

  `create table ledger_entries (
    id uuid primary key,
    organization_id uuid not null references wallets(organization_id),
    kind text not null check (kind in ('top_up', 'hold', 'capture', 'release', 'adjustment')),
    amount bigint not null,
    balance_after bigint not null check (balance_after >= 0),
    held_after bigint not null check (held_after >= 0),
    reference text,
    message_id uuid,
    campaign_id uuid,
    actor_type text not null check (actor_type in ('member', 'api_key', 'operator', 'system')),
    actor_id uuid,
    created_at timestamptz not null
  )`,
  `create index ledger_entries_org on ledger_entries (organization_id, id)`,

  `create table sender_ids (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    name text not null check (length(name) between 1 and 11),
    status text not null check (status in ('requested', 'approved', 'rejected')),
    transactional_approved boolean not null default false,
    promotional_approved boolean not null default false,
    route_approved boolean not null default false,
    route_approved_at timestamptz,
    requested_classes text[] not null default '{}',
    requested_by_member_id uuid references members(id),
    note text,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create unique index sender_ids_name on sender_ids (organization_id, upper(name))`,

  `create table platform_settings (
    id boolean primary key default true check (id),
    sms_route text not null default 'gsm0338' check (sms_route in ('gsm0338', 'ascii')),
    sms_route_changed_at timestamptz,
    window_opens text not null default '08:00',
    window_closes text not null default '20:00',
    live_dispatch boolean not null default true,
    clock_offset_ms bigint not null default 0,
    updated_at timestamptz
  )`,
  `insert into platform_settings (id) values (true)`,

  `create table idempotency_records (
    organization_id uuid not null references organizations(id),
    operation text not null,
    key text not null,
    fingerprint text not null,
    status_code integer,
    response_body text,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    primary key (organization_id, operation, key)
  )`,
  `create index idempotency_records_expiry on idempotency_records (expires_at)`,

  // Token buckets shared by every API replica; losing them on a crash only refills them.
  `create unlogged table rate_buckets (
    key text primary key,
    tokens double precision not null,
    updated_at timestamptz not null,
    allowed boolean not null
  )`,
  // One statement, one row write: the bucket refills for the time passed, gives a token if it has one,
  // and says whether it did (and how long until the next one when it did not).
  `create function take_token(bucket text, capacity double precision, per_second double precision, at timestamptz)
    returns table (allowed boolean, retry_after_seconds double precision)
    language sql as $$
      insert into rate_buckets as b (key, tokens, updated_at, allowed) values (bucket, capacity - 1, at, capacity >= 1)
      on conflict (key) do update set
        tokens = least(capacity, b.tokens + greatest(extract(epoch from (at - b.updated_at)), 0) * per_second)
                 - case when least(capacity, b.tokens + greatest(extract(epoch from (at - b.updated_at)), 0) * per_second) >= 1 then 1 else 0 end,
        allowed = least(capacity, b.tokens + greatest(extract(epoch from (at - b.updated_at)), 0) * per_second) >= 1,
        updated_at = greatest(b.updated_at, at)
      returning b.allowed, case when b.allowed then 0::double precision else (1 - b.tokens) / per_second end
    $$`,
];

export class Migration0001Foundation extends Migration {
  override name = '0001-foundation';

  override up(): void {
    for (const sql of statements) this.addSql(sql);
  }
}
