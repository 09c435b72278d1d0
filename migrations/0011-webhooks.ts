// Signed webhooks: endpoints (their signing secrets sealed, never stored in clear), one delivery per event and
// endpoint, and every attempt of a delivery. Outbox events are fanned out to deliveries (delivered_at then
// marks the fan-out) and name the message or campaign they are about, so that one subject's events reach an
// endpoint in the order they happened.
import { Migration } from '@mikro-orm/migrations';

export class Migration0011Webhooks extends Migration {
  override name = '0011-webhooks';

  override up(): void {
    this.addSql(`create table webhook_endpoints (
      id uuid primary key,
      organization_id uuid not null references organizations(id),
      url text not null,
      description text,
      event_types text[] not null default '{}',
      enabled boolean not null default true,
      secret_sealed text not null,
      previous_secret_sealed text,
      previous_secret_until timestamptz,
      disabled_reason text,
      failing_since timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz
    )`);
    this.addSql('create index webhook_endpoints_org on webhook_endpoints (organization_id, id) where deleted_at is null');
    this.addSql(`create table webhook_deliveries (
      id uuid primary key,
      organization_id uuid not null,
      endpoint_id uuid not null,
      event_id uuid not null,
      event_type text not null,
      subject_id text not null,
      webhook_id text not null,
      body text not null,
      status text not null check (status in ('pending', 'delivered', 'failed')),
      attempts int not null default 0,
      next_attempt_at timestamptz not null,
      lease_until timestamptz,
      last_status_code int,
      last_error text,
      created_at timestamptz not null,
      finished_at timestamptz,
      unique (endpoint_id, event_id)
    )`);
    this.addSql(`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_subject on webhook_deliveries (endpoint_id, subject_id, event_id) where status = 'pending'`);
    this.addSql('create index webhook_deliveries_org on webhook_deliveries (organization_id, id)');
    this.addSql(`create table webhook_attempts (
      id uuid primary key,
      organization_id uuid not null,
      delivery_id uuid not null,
      number int not null,
      status_code int,
      duration_ms int,
      error text,
      response_snippet text,
      started_at timestamptz not null,
      finished_at timestamptz,
      unique (delivery_id, number)
    )`);
    this.addSql(`alter table outbox_events add column subject_id text`);
    this.addSql(`update outbox_events set subject_id = coalesce(payload->'data'->>'id', id::text)`);
    this.addSql(`alter table outbox_events alter column subject_id set not null`);
  }
}
