// Accounts: a member's mobile number and its verification, one-time codes (password resets, phone checks) kept as
// salted hashes, invitations by link (the SHA-256 of each token), and the platform's own organization, whose
// messages are the system messages: sent through the normal dispatch, charged to nobody, their code masked in the
// body once they leave the queue.
import { Migration } from '@mikro-orm/migrations';
import { PLATFORM_ORGANIZATION_ID, PLATFORM_SENDER } from '../core/domain/system-sms.ts';

const statements = [
  `create table member_phones (
    member_id uuid primary key references members(id),
    organization_id uuid not null references organizations(id),
    phone text not null,
    verified_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,

  `create table one_time_codes (
    id uuid primary key,
    purpose text not null check (purpose in ('password_reset', 'phone_verification')),
    member_id uuid not null references members(id),
    organization_id uuid not null references organizations(id),
    -- The number a phone check was sent to: verifying it verifies this number, not one set since.
    phone text,
    salt bytea not null,
    code_hash bytea not null,
    failed_attempts integer not null default 0 check (failed_attempts >= 0),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    voided_at timestamptz
  )`,
  `create index one_time_codes_member on one_time_codes (member_id, purpose, created_at)`,

  `create table invitations (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    email text not null check (email = lower(email)),
    role text not null check (role in ('owner', 'admin', 'developer', 'marketer', 'analyst', 'billing')),
    name text,
    token_hash bytea not null unique,
    invited_by uuid references members(id),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    accepted_at timestamptz,
    member_id uuid references members(id),
    revoked_at timestamptz,
    revoked_by uuid references members(id)
  )`,
  `create index invitations_org on invitations (organization_id, id)`,
  // One pending link per address and organization: inviting again revokes the one before.
  `create index invitations_open on invitations (organization_id, email) where accepted_at is null and revoked_at is null`,

  // The platform: verified, an empty wallet that never moves, its own transactional sender approved for the route.
  `insert into organizations (id, name, verified, created_at, updated_at)
   values ('${PLATFORM_ORGANIZATION_ID}', 'Ujumbe (platform)', true, now(), now())`,
  `insert into wallets (organization_id, updated_at) values ('${PLATFORM_ORGANIZATION_ID}', now())`,
  `insert into sender_ids (id, organization_id, name, status, transactional_approved, route_approved, route_approved_at, created_at, updated_at)
   values ('00000000-0000-7000-8000-000000000002', '${PLATFORM_ORGANIZATION_ID}', '${PLATFORM_SENDER}', 'approved', true, true, now(), now(), now())`,

  `create table system_messages (
    organization_id uuid not null,
    message_id uuid not null,
    purpose text not null,
    -- The member (of a customer organization) it was sent for.
    member_id uuid references members(id),
    -- The body as it is kept once the message has left the queue (its code masked).
    redacted_body text not null,
    created_at timestamptz not null,
    primary key (organization_id, message_id)
  )`,

  // The code in a system message's body is needed until the SMSC has it, and by nobody after: the first move out
  // of accepted (submitted, failed, unknown, expired, cancelled) puts the redacted body in its place.
  `create function redact_system_message() returns trigger language plpgsql as $$
   begin
     new.body := coalesce((select s.redacted_body from system_messages s
                           where s.organization_id = new.organization_id and s.message_id = new.id), new.body);
     return new;
   end $$`,
  `create trigger messages_system_redacted before update of status on messages for each row
   when (old.status = 'accepted' and new.status <> 'accepted' and new.organization_id = '${PLATFORM_ORGANIZATION_ID}'::uuid)
   execute function redact_system_message()`,
];

export class Migration0026Accounts extends Migration {
  override name = '0026-accounts';

  override up(): void {
    for (const sql of statements) this.addSql(sql);
  }
}
