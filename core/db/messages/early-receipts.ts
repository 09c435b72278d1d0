// Receipts that came before their submit's answer, waiting in early_receipts for the part they name.
import type { Runner } from '../sql.ts';
import { exec, pgArray, rows } from '../sql.ts';
import type { ReceiptEffect } from '../../domain/delivery-receipt.ts';

export interface EarlyReceiptRow {
  tries: number;
  smsc: string;
  provider_id: string;
  address: string | null;
  delivery: ReceiptEffect;
  raw_status: string;
  error_code: string | null;
  received_at: Date;
}

export async function insertEarlyReceipts(tx: Runner, early: (EarlyReceiptRow & { id: string })[]): Promise<void> {
  await exec(
    tx,
    `insert into early_receipts (id, smsc, provider_id, address, delivery, raw_status, error_code, received_at, tries)
     select x.id, x.smsc, x.provider_id, x.address, x.delivery, x.raw_status, x.error_code, x.received_at, x.tries
     from jsonb_to_recordset(?::jsonb) as x(id uuid, smsc text, provider_id text, address text, delivery text, raw_status text, error_code text,
       received_at timestamptz, tries int)`,
    [JSON.stringify(early)],
  );
}

/** Taken (deleted, in the caller's transaction) for the provider ids just written, in every form. */
export function takeEarlyReceiptsFor(runner: Runner, written: { smsc: string; provider_id: string }[]): Promise<EarlyReceiptRow[]> {
  return rows<EarlyReceiptRow>(
    runner,
    `delete from early_receipts e using jsonb_to_recordset(?::jsonb) as w(smsc text, provider_id text)
     where e.smsc = w.smsc and e.provider_id = w.provider_id
     returning e.tries, e.smsc, e.provider_id, e.address, e.delivery, e.raw_status, e.error_code, e.received_at`,
    [JSON.stringify(written)],
  );
}

/** The next `limit` waiting, those tried least first, so receipts that match nothing never hold up fresh ones. */
export function findWaitingReceipts(tx: Runner, limit: number): Promise<{ id: string; smsc: string; provider_id: string; received_at: Date }[]> {
  return rows<{ id: string; smsc: string; provider_id: string; received_at: Date }>(
    tx,
    'select id, smsc, provider_id, received_at from early_receipts order by tries, received_at, id limit ?',
    [limit],
  );
}

/** Taken by id, skipping those another transaction holds. */
export function takeEarlyReceiptsById(tx: Runner, ids: string[]): Promise<EarlyReceiptRow[]> {
  return rows<EarlyReceiptRow>(
    tx,
    `delete from early_receipts e where e.id in (select id from early_receipts where id = any(?::uuid[]) for update skip locked)
     returning e.tries, e.smsc, e.provider_id, e.address, e.delivery, e.raw_status, e.error_code, e.received_at`,
    [pgArray(ids)],
  );
}
