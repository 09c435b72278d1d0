// Messages that come in: numbers and short codes belong to organizations (the operator assigns them), and every
// mobile-originated message the SMSC sends is stored before it is acknowledged. A long message arrives in parts,
// each stored as it comes (inbound_message_parts) and acknowledged then; the message itself is written once its
// last part is in, in the transaction that deletes the parts. A message to a number no organization owns is kept
// for the operator (organization_id null) rather than dropped. An organization's keywords (opt-out and opt-in
// words, and the confirmation each answers with) are kept per organization; null columns mean the defaults.
import { Migration } from '@mikro-orm/migrations';

export class Migration0033InboundMessages extends Migration {
  override name = '0033-inbound-messages';

  override up(): void {
    this.addSql(`create table inbound_numbers (
      number text collate "C" primary key check (number ~ '^(\\+255[0-9]{9}|[0-9]{3,8})$'),
      organization_id uuid not null references organizations(id),
      kind text not null check (kind in ('short_code', 'long_number')),
      assigned_at timestamptz not null,
      check ((kind = 'long_number') = (number like '+%'))
    )`);
    this.addSql('create index inbound_numbers_org on inbound_numbers (organization_id, number)');

    this.addSql(`create table inbound_messages (
      id uuid primary key,
      organization_id uuid references organizations(id),
      from_phone text collate "C" not null check (length(from_phone) between 1 and 32),
      to_number text collate "C" not null check (length(to_number) between 1 and 32),
      body text not null check (length(body) <= 10000),
      encoding text not null check (encoding in ('gsm7', 'ucs2', 'latin1', 'binary')),
      parts integer not null default 1 check (parts between 1 and 255),
      smsc text not null check (length(smsc) between 1 and 300),
      bind text check (length(bind) between 1 and 100),
      -- The SMSC's own name for the message, when it gives one: a resend after a lost acknowledgement is the same row.
      smsc_message_ref text check (length(smsc_message_ref) between 1 and 100),
      keyword text check (keyword in ('opt_out', 'opt_in')),
      received_at timestamptz not null,
      read_at timestamptz
    )`);
    this.addSql('create unique index inbound_messages_smsc_ref on inbound_messages (smsc, smsc_message_ref) where smsc_message_ref is not null');
    this.addSql('create index inbound_messages_org on inbound_messages (organization_id, id)');
    this.addSql('create index inbound_messages_org_from on inbound_messages (organization_id, from_phone, id)');
    this.addSql('create index inbound_messages_unowned on inbound_messages (id) where organization_id is null');

    this.addSql(`create table inbound_message_parts (
      smsc text not null,
      from_addr text collate "C" not null,
      to_addr text collate "C" not null,
      reference integer not null check (reference between 0 and 65535),
      total integer not null check (total between 2 and 255),
      seq integer not null check (seq between 1 and 255),
      data_coding integer not null,
      payload bytea not null,
      bind text,
      received_at timestamptz not null,
      primary key (smsc, from_addr, to_addr, reference, total, seq),
      check (seq <= total)
    )`);
    this.addSql('create index inbound_message_parts_age on inbound_message_parts (received_at)');
  }
}
