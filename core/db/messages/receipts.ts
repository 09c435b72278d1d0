// The statements of delivery receipts (core/app/messages/apply-receipts.ts): the parts they name, the messages they
// move locked and counted, and the receipts recorded on their message.
import type { Runner } from '../sql.ts';
import { exec, rows } from '../sql.ts';
import { LOCK_MESSAGES_ORDER } from '../lock-order.ts';
import type { ReceiptEffect } from '../../domain/delivery-receipt.ts';

/** A part stored under an SMSC's provider id, with the number its message went to. */
export interface ReceiptPart {
  smsc: string;
  provider_id: string;
  organization_id: string;
  message_id: string;
  part: number;
  to_phone: string;
}

/** The parts stored under these SMSCs' provider ids. */
export function findReceiptParts(tx: Runner, keys: { smsc: string; provider_id: string }[]): Promise<ReceiptPart[]> {
  return rows<ReceiptPart>(
    tx,
    `select p.*, m.to_phone from message_provider_ids p
       join jsonb_to_recordset(?::jsonb) as k(smsc text, provider_id text) on p.smsc = k.smsc and p.provider_id = k.provider_id
       join messages m on m.organization_id = p.organization_id and m.id = p.message_id`,
    [JSON.stringify(keys)],
  );
}

/** Each message's number of parts (its segments) and the parts of it with a delivered receipt. */
export function findDeliveredParts(
  tx: Runner,
  messages: { organization_id: string; message_id: string }[],
): Promise<{ message_id: string; parts: number; delivered: number[] }[]> {
  return rows<{ message_id: string; parts: number; delivered: number[] }>(
    tx,
    `select m.id as message_id, m.segments as parts,
       coalesce((select array_agg(distinct r.part) from message_receipts r
                 where r.organization_id = m.organization_id and r.message_id = m.id and r.delivery = 'delivered'), '{}') as delivered
     from messages m join jsonb_to_recordset(?::jsonb) as k(organization_id uuid, message_id uuid)
       on m.organization_id = k.organization_id and m.id = k.message_id`,
    [JSON.stringify(messages)],
  );
}

/** Step 5 of lock-order.ts for every message a flush may move, in one statement. */
export async function lockMessages(tx: Runner, keys: { organization_id: string; message_id: string }[]): Promise<void> {
  if (keys.length === 0) return;
  await rows(
    tx,
    `select 1 from messages m join jsonb_to_recordset(?::jsonb) as k(organization_id uuid, message_id uuid)
       on m.organization_id = k.organization_id and m.id = k.message_id
     ${LOCK_MESSAGES_ORDER}`,
    [JSON.stringify(keys)],
  );
}

export interface ReceiptRecord {
  id: string;
  organization_id: string;
  message_id: string;
  provider_id: string;
  part: number;
  delivery: ReceiptEffect;
  /** What the receipt did to its message: its delivery when it made the move, none for a repeat. */
  effect: ReceiptEffect;
  raw_status: string;
  error_code: string | null;
  received_at: Date;
}

export async function insertReceipts(tx: Runner, receipts: ReceiptRecord[]): Promise<void> {
  await exec(
    tx,
    `insert into message_receipts (id, organization_id, message_id, provider_id, part, delivery, effect, raw_status, error_code, received_at)
     select x.id, x.organization_id, x.message_id, x.provider_id, x.part, x.delivery, x.effect, x.raw_status, x.error_code, x.received_at
     from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, message_id uuid, provider_id text, part int, delivery text, effect text,
       raw_status text, error_code text, received_at timestamptz)`,
    [JSON.stringify(receipts)],
  );
}
