// Inbound messages as stored: the owner of the number a message was sent to, and the row itself (a resend of a
// message the SMSC names is the row already stored).
import type { Runner } from '../sql.ts';
import { exec, one } from '../sql.ts';

/** The advisory lock class of one sender's messages to one organization (its second key hashes the pair). */
const SENDER_LOCK = 0x75_6a_6d_04;

/**
 * One sender's messages to one organization (or to one unowned number) are stored one transaction at a time, so
 * that of a STOP and a START arriving together the second sees what the first did. Transaction-scoped.
 */
export async function lockSender(runner: Runner, owner: string, fromPhone: string): Promise<void> {
  await exec(runner, 'select pg_advisory_xact_lock(?::int, hashtext(?))', [SENDER_LOCK, JSON.stringify([owner, fromPhone])]);
}

export interface InboundRow {
  id: string;
  organizationId: string | null;
  fromPhone: string;
  toNumber: string;
  body: string;
  encoding: 'gsm7' | 'ucs2' | 'latin1' | 'binary';
  parts: number;
  smsc: string;
  bind: string | null;
  smscMessageRef: string | null;
  receivedAt: Date;
  /** A long message stored from the parts that came, after its others never did. */
  incomplete?: boolean;
}

/** The organization a number or short code belongs to, if any. */
export async function ownerOfNumber(runner: Runner, number: string): Promise<string | null> {
  const row = await one<{ organization_id: string }>(runner, 'select organization_id from inbound_numbers where number = ?', [number]);
  return row?.organization_id ?? null;
}

/** Inserts the message; false when the SMSC's reference names one already stored (a resend). */
export async function insertInboundMessage(runner: Runner, m: InboundRow): Promise<boolean> {
  const inserted = await one<{ id: string }>(
    runner,
    `insert into inbound_messages (id, organization_id, from_phone, to_number, body, encoding, parts, smsc, bind, smsc_message_ref, received_at, incomplete)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (smsc, smsc_message_ref) where smsc_message_ref is not null do nothing
     returning id`,
    [m.id, m.organizationId, m.fromPhone, m.toNumber, m.body, m.encoding, m.parts, m.smsc, m.bind, m.smscMessageRef, m.receivedAt, m.incomplete ?? false],
  );
  return inserted !== undefined;
}

/** Whether the SMSC's reference names a message already stored (a part sent again after its message was whole). */
export async function inboundRefStored(runner: Runner, smsc: string, smscMessageRef: string): Promise<boolean> {
  const row = await one<{ id: string }>(runner, 'select id from inbound_messages where smsc = ? and smsc_message_ref = ?', [smsc, smscMessageRef]);
  return row !== undefined;
}
