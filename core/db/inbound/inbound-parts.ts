// The parts of long inbound messages still waiting for their siblings (inbound_message_parts), by the message they
// belong to: the SMSC, the two addresses (normalized), the concatenation reference and the number of parts.
import type { Runner } from '../sql.ts';
import { exec, rows } from '../sql.ts';

export interface PartsKey {
  smsc: string;
  fromAddr: string;
  toAddr: string;
  reference: number;
  total: number;
}

export interface StoredPart {
  seq: number;
  data_coding: number;
  payload: Uint8Array;
  bind: string | null;
  received_at: Date;
}

/** The advisory lock class of one message's parts (its second key is a hash of the message's key). */
const PARTS_LOCK = 0x75_6a_6d_03;
const KEY_WHERE = 'smsc = ? and from_addr = ? and to_addr = ? and reference = ? and total = ?';
const keyParams = (k: PartsKey) => [k.smsc, k.fromAddr, k.toAddr, k.reference, k.total];

/**
 * One message's parts are handled one transaction at a time: of two parts arriving at once, the second waits, then
 * sees the first, so exactly one of them finds every part in. A transaction-scoped lock, gone at commit.
 */
export async function lockParts(runner: Runner, k: PartsKey): Promise<void> {
  await exec(runner, 'select pg_advisory_xact_lock(?::int, hashtext(?))', [PARTS_LOCK, JSON.stringify(keyParams(k))]);
}

/** Stores a part; a part already stored (the SMSC sent it again) is left as it is. */
export async function insertPart(runner: Runner, k: PartsKey, part: { seq: number; dataCoding: number; payload: Uint8Array; bind: string | null; receivedAt: Date }): Promise<void> {
  await exec(
    runner,
    `insert into inbound_message_parts (smsc, from_addr, to_addr, reference, total, seq, data_coding, payload, bind, received_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
    [...keyParams(k), part.seq, part.dataCoding, Buffer.from(part.payload), part.bind, part.receivedAt],
  );
}

export async function partsOf(runner: Runner, k: PartsKey): Promise<StoredPart[]> {
  return rows<StoredPart>(runner, `select seq, data_coding, payload, bind, received_at from inbound_message_parts where ${KEY_WHERE} order by seq`, keyParams(k));
}

export async function deleteParts(runner: Runner, k: PartsKey): Promise<void> {
  await exec(runner, `delete from inbound_message_parts where ${KEY_WHERE}`, keyParams(k));
}

/** Messages whose latest part came before `before`: their other parts are taken as never coming. */
export async function staleParts(runner: Runner, before: Date, limit: number): Promise<PartsKey[]> {
  const found = await rows<{ smsc: string; from_addr: string; to_addr: string; reference: number; total: number }>(
    runner,
    `select smsc, from_addr, to_addr, reference, total from inbound_message_parts
     group by smsc, from_addr, to_addr, reference, total
     having max(received_at) < ? order by min(received_at) limit ?`,
    [before, limit],
  );
  return found.map((r) => ({ smsc: r.smsc, fromAddr: r.from_addr, toAddr: r.to_addr, reference: r.reference, total: r.total }));
}
