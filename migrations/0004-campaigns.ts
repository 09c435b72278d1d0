// Campaigns: drafts, their quotes, and the audience a quote freezes (the recipients of a launched campaign).
import { Migration } from '@mikro-orm/migrations';

const statements = [
  `create table campaigns (
    id uuid not null,
    organization_id uuid not null,
    name text not null check (length(name) between 1 and 100),
    traffic_class text not null check (traffic_class in ('transactional', 'promotional')),
    sender text not null,
    body text not null,
    encoding text not null check (encoding in ('gsm7', 'ucs2', 'ascii')),
    segments integer not null check (segments between 1 and 10),
    group_ids uuid[] not null default '{}' check (cardinality(group_ids) <= 50),
    scheduled_at timestamptz,
    validity_seconds integer check (validity_seconds between 3600 and 259200),
    status text not null check (status in ('draft', 'scheduled', 'sending', 'cancelling', 'cancelled', 'completed', 'discarded')),
    version integer not null default 1 check (version >= 1),
    created_via text not null check (created_via in ('dashboard', 'api')),
    api_key_id uuid,
    member_id uuid,
    -- The draft's latest quote (current, stale or expired); null once an edit dropped it.
    quote_id uuid,
    -- Set by the launch: the quote launched, who launched it, the reservation, the start and the end of validity.
    launch_quote_id uuid,
    launched_at timestamptz,
    launched_by uuid,
    reserved bigint check (reserved >= 0),
    starts_at timestamptz,
    expires_at timestamptz,
    started_at timestamptz,
    -- Recipients up to this position have been fed (queued or skipped); the feeder goes on from here.
    fed_through integer not null default 0,
    audience_size integer,
    cancel_requested_at timestamptz,
    cancel_report jsonb,
    discarded_at timestamptz,
    finished_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    primary key (organization_id, id)
  )`,
  // The 100-draft limit counts these.
  `create index campaigns_drafts on campaigns (organization_id) where status = 'draft'`,
  // What the feeder and the tick look at: campaigns under way.
  `create index campaigns_active on campaigns (status, starts_at) where status in ('scheduled', 'sending', 'cancelling')`,

  `create table campaign_quotes (
    id uuid not null,
    organization_id uuid not null,
    campaign_id uuid not null,
    campaign_version integer not null,
    group_ids uuid[] not null,
    memberships integer not null,
    eligible integer not null,
    duplicates integer not null,
    opted_out integer not null,
    no_consent integer not null,
    traffic_class text not null,
    encoding text not null,
    segments integer not null,
    sms_route text not null,
    price_plan_id uuid not null,
    unit_amount bigint not null check (unit_amount >= 0),
    total bigint not null check (total >= 0),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    -- When an edit, a deleted group or a new quote made it stale (a route change is read from the settings).
    stale_at timestamptz,
    primary key (organization_id, id)
  )`,
  `create index campaign_quotes_campaign on campaign_quotes (organization_id, campaign_id)`,

  // The audience a quote froze, in audience order (n from 1). Bulk-inserted by the quote (up to a
  // million rows): the primary key is its only index, and nothing references another table.
  `create table campaign_recipients (
    organization_id uuid not null,
    quote_id uuid not null,
    n integer not null check (n >= 1),
    phone text collate "C" not null,
    -- pending until fed; queued once a message carries it (its status is then the message's).
    status text not null default 'pending'
      check (status in ('pending', 'queued', 'skipped_opted_out', 'skipped_no_consent', 'expired', 'cancelled')),
    message_id uuid,
    -- The share's state before a message carries it: held while pending, released when skipped,
    -- expired or cancelled. A queued recipient's share is its message's.
    released boolean not null default false,
    queued_at timestamptz,
    updated_at timestamptz,
    final_at timestamptz,
    primary key (organization_id, quote_id, n)
  ) with (fillfactor = 90)`,

  // Campaign messages not yet answered by the provider: completion and cancel look for these.
  `create index messages_campaign_accepted on messages (organization_id, campaign_id) where campaign_id is not null and status = 'accepted'`,
];

export class Migration0004Campaigns extends Migration {
  override name = '0004-campaigns';

  override up(): void {
    for (const sql of statements) this.addSql(sql);
  }
}
