// Messages: the message itself, its attempts at the provider, its receipts, and the outbox of events.
import { Migration } from '@mikro-orm/migrations';

const statements = [
  `create table messages (
    id uuid not null,
    organization_id uuid not null,
    test boolean not null,
    status text not null check (status in ('accepted', 'submitted', 'delivered', 'undelivered', 'failed', 'unknown', 'cancelled', 'expired')),
    to_phone text collate "C" not null,
    sender text not null,
    body text not null,
    traffic_class text not null check (traffic_class in ('transactional', 'promotional')),
    client_ref text not null,
    encoding text not null check (encoding in ('gsm7', 'ucs2', 'ascii')),
    segments integer not null check (segments between 1 and 10),
    unit_amount bigint not null check (unit_amount >= 0),
    total bigint not null check (total >= 0),
    -- Where the message's money stands: none (test), held, captured (charged) or released.
    charge text not null check (charge in ('none', 'held', 'captured', 'released')),
    failure_reason text,
    campaign_id uuid,
    api_key_id uuid,
    member_id uuid,
    held_until timestamptz,
    dispatch_after timestamptz not null,
    expires_at timestamptz not null,
    -- Written before a submit_sm leaves: a message with this mark is never submitted again.
    submit_started_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    final_at timestamptz,
    primary key (organization_id, id)
  )`,
  // What the dispatcher claims: live messages due and never submitted.
  `create index messages_due on messages (dispatch_after) where status = 'accepted' and not test and submit_started_at is null`,
  `create index messages_open on messages (status, updated_at) where status in ('accepted', 'unknown')`,
  `create index messages_campaign on messages (organization_id, campaign_id, id) where campaign_id is not null`,

  // Receipts name provider ids, in hex in one place and decimal in another: each part is stored under
  // every form of its id, so a receipt finds its part by equality.
  `create table message_provider_ids (
    provider_id text collate "C" not null,
    organization_id uuid not null,
    message_id uuid not null,
    part integer not null,
    -- false for the id as the SMSC gave it; true for its other (hex or decimal) form.
    converted boolean not null
  )`,
  `create index message_provider_ids_id on message_provider_ids (provider_id)`,

  `create table message_attempts (
    organization_id uuid not null,
    message_id uuid not null,
    number integer not null check (number >= 1),
    state text not null check (state in ('submitting', 'submitted', 'refused', 'ambiguous')),
    detail text,
    started_at timestamptz not null,
    finished_at timestamptz,
    primary key (organization_id, message_id, number)
  )`,

  `create table message_receipts (
    id uuid not null,
    organization_id uuid not null,
    message_id uuid not null,
    provider_id text not null,
    part integer not null,
    delivery text not null check (delivery in ('delivered', 'undelivered', 'failed', 'none')),
    effect text not null check (effect in ('delivered', 'undelivered', 'failed', 'none')),
    raw_status text not null,
    error_code text,
    received_at timestamptz not null,
    primary key (organization_id, message_id, id)
  )`,

  // A receipt that arrived before the answer to its submit: kept until the message names its ids.
  `create table early_receipts (
    id uuid primary key,
    provider_id text collate "C" not null,
    delivery text not null,
    raw_status text not null,
    error_code text,
    received_at timestamptz not null
  )`,
  `create index early_receipts_provider on early_receipts (provider_id)`,

  // Events for webhooks, written in the transaction of the change they describe.
  `create table outbox_events (
    id uuid primary key,
    organization_id uuid not null,
    type text not null,
    payload jsonb not null,
    created_at timestamptz not null,
    delivered_at timestamptz
  )`,
  `create index outbox_events_pending on outbox_events (id) where delivered_at is null`,
];

export class Migration0003Messages extends Migration {
  override name = '0003-messages';

  override up(): void {
    for (const sql of statements) this.addSql(sql);
  }
}
