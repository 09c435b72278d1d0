// Delivery receipts: recorded on their message, moving it by the state table (once: a repeat changes nothing).
import type { Pool, PoolClient } from 'pg';
import type { ProviderReceipt } from './provider.ts';
import { matchReceipt, providerIdCandidates } from '../../domain/delivery-receipt.ts';
import { newId } from '../../db/ids.ts';
import { exec, nativeTransaction, pgArray, rows, type Runner } from '../../db/sql.ts';
import { applyMoves, type Move } from './message-moves.ts';
import { placeWaiting } from './provider-ids.ts';
import { LOCK_MESSAGES_ORDER } from '../../db/lock-order.ts';

interface Part {
  provider_id: string;
  organization_id: string;
  message_id: string;
  part: number;
  to_phone: string;
}

export interface TimedReceipt extends ProviderReceipt {
  receivedAt: Date;
  /** How often it was looked up and matched nothing (those that keep failing wait behind fresh ones). */
  tries?: number;
}

/** The part each receipt names, by matchReceipt, among the parts stored under its SMSC and id forms. */
async function partsOf(tx: Runner, receipts: TimedReceipt[]): Promise<Map<TimedReceipt, Part>> {
  const keys = receipts.flatMap((r) => providerIdCandidates(r.providerId).map((form) => ({ smsc: r.smsc, provider_id: form })));
  const found = await rows<Part & { smsc: string }>(
    tx,
    `select p.*, m.to_phone from message_provider_ids p
       join jsonb_to_recordset(?::jsonb) as k(smsc text, provider_id text) on p.smsc = k.smsc and p.provider_id = k.provider_id
       join messages m on m.organization_id = p.organization_id and m.id = p.message_id`,
    [JSON.stringify(keys)],
  );
  const bySmsc = new Map<string, (Part & { smsc: string })[]>();
  for (const f of found) bySmsc.set(f.smsc, [...(bySmsc.get(f.smsc) ?? []), f]);
  const byReceipt = new Map<TimedReceipt, Part>();
  for (const r of receipts) {
    const parts = bySmsc.get(r.smsc) ?? [];
    const candidates = parts.map((p) => ({ providerId: p.provider_id, messageKey: `${p.organization_id}/${p.message_id}/${p.part}`, toPhone: p.to_phone }));
    const match = matchReceipt(r, candidates);
    if (match) byReceipt.set(r, parts[candidates.indexOf(match)]!);
  }
  return byReceipt;
}

/**
 * How many parts each message has (its segments: an ambiguous message may have ids for only some of them), and which
 * of them already have a delivered receipt.
 */
async function deliveredParts(tx: Runner, messages: { organization_id: string; message_id: string }[]): Promise<Map<string, { parts: number; delivered: Set<number> }>> {
  const found = await rows<{ message_id: string; parts: number; delivered: number[] }>(
    tx,
    `select m.id as message_id, m.segments as parts,
       coalesce((select array_agg(distinct r.part) from message_receipts r
                 where r.organization_id = m.organization_id and r.message_id = m.id and r.delivery = 'delivered'), '{}') as delivered
     from messages m join jsonb_to_recordset(?::jsonb) as k(organization_id uuid, message_id uuid)
       on m.organization_id = k.organization_id and m.id = k.message_id`,
    [JSON.stringify(messages)],
  );
  return new Map(found.map((f) => [f.message_id, { parts: f.parts, delivered: new Set(f.delivered) }]));
}

/** Hot path: one transaction for a batch of receipts. */
export async function applyReceipts(pool: Pool, receipts: TimedReceipt[]): Promise<void> {
  if (receipts.length === 0) return;
  const at = receipts[0]!.receivedAt;
  const early = await nativeTransaction(pool, (tx) => writeReceipts(tx, at, receipts));
  await writeUnmatchedReceipts(pool, at, early);
}

/** Step 5 of lock-order.ts for every message a flush may move, in one statement. */
async function lockMessages(tx: Runner, keys: { organization_id: string; message_id: string }[]): Promise<void> {
  if (keys.length === 0) return;
  await rows(
    tx,
    `select 1 from messages m join jsonb_to_recordset(?::jsonb) as k(organization_id uuid, message_id uuid)
       on m.organization_id = k.organization_id and m.id = k.message_id
     ${LOCK_MESSAGES_ORDER}`,
    [JSON.stringify(keys)],
  );
}

/** Receipts that named no part yet, to wait in early_receipts (one more try counted). */
export async function storeEarly(tx: Runner, early: TimedReceipt[]): Promise<void> {
  if (early.length === 0) return;
  await exec(
    tx,
    `insert into early_receipts (id, smsc, provider_id, address, delivery, raw_status, error_code, received_at, tries)
     select x.id, x.smsc, x.provider_id, x.address, x.delivery, x.raw_status, x.error_code, x.received_at, x.tries
     from jsonb_to_recordset(?::jsonb) as x(id uuid, smsc text, provider_id text, address text, delivery text, raw_status text, error_code text,
       received_at timestamptz, tries int)`,
    [JSON.stringify(early.map((r) => ({ id: newId(), smsc: r.smsc, provider_id: r.providerId, address: r.address, delivery: r.effect, raw_status: r.rawStatus, error_code: r.errorCode, received_at: r.receivedAt, tries: (r.tries ?? 0) + 1 })))],
  );
}

/**
 * Receipts that found no part in the flush: in their own transaction, a placeholder under every form of their id
 * first (provider-ids.ts: it waits for an answer being written elsewhere), then looked up again; those that now
 * find their part are applied, the rest wait in early_receipts for the answer's transaction to take them.
 */
export async function writeUnmatchedReceipts(pool: Pool, at: Date, receipts: TimedReceipt[]): Promise<number> {
  if (receipts.length === 0) return 0;
  return nativeTransaction(pool, async (tx) => {
    await placeWaiting(tx, receipts.flatMap((r) => providerIdCandidates(r.providerId).map((form) => ({ smsc: r.smsc, provider_id: form }))), at);
    const early = await writeReceipts(tx, at, receipts);
    await storeEarly(tx, early);
    return early.length;
  });
}

/**
 * Records a batch of receipts inside the caller's transaction, applying their moves together with `earlier`
 * (the submit answers of the same flush, which come first), so one lock of the messages and wallets serves both.
 * Returns the receipts whose message is not known yet (they came before the answer to the submit), for
 * writeUnmatchedReceipts.
 */
export async function writeReceipts(tx: PoolClient, at: Date, receipts: TimedReceipt[], earlier: Move[] = []): Promise<TimedReceipt[]> {
  const parts = receipts.length ? await partsOf(tx, receipts) : new Map<TimedReceipt, Part>();
  const early = receipts.filter((r) => !parts.has(r));
  const known = receipts.filter((r) => parts.has(r));
  const messages = [...new Map(known.map((r) => { const p = parts.get(r)!; return [p.message_id, { organization_id: p.organization_id, message_id: p.message_id }]; })).values()];
  // Locked before their parts are counted: two workers storing the receipts of part 1 and part 2 at once would
  // each see one part of two, and neither would move the message. The lock makes the second see the first's.
  if (known.length) await lockMessages(tx, [...earlier.map((m) => ({ organization_id: m.organizationId, message_id: m.messageId })), ...messages]);
  const progress = known.length ? await deliveredParts(tx, messages) : new Map();
  const moves: (Move | null)[] = known.map((r) => {
    const part = parts.get(r)!;
    const base = { organizationId: part.organization_id, messageId: part.message_id };
    if (r.effect === 'undelivered') return { ...base, event: 'receipt_undelivered', failureReason: `${r.rawStatus}${r.errorCode ? ` (error ${r.errorCode})` : ''}` };
    if (r.effect === 'failed') return { ...base, event: 'receipt_failed', failureReason: `${r.rawStatus}${r.errorCode ? ` (error ${r.errorCode})` : ''}` };
    if (r.effect !== 'delivered') return null;
    // A message of several parts is delivered when every part is.
    const seen = progress.get(part.message_id);
    seen?.delivered.add(part.part);
    return seen && seen.delivered.size >= seen.parts ? { ...base, event: 'receipt_delivered' } : null;
  });
  const receiptMoves = moves.filter((m): m is Move => m !== null);
  await applyMoves(tx, at, [...earlier, ...receiptMoves], async (all) => {
    if (known.length === 0) return;
    const results = all.slice(earlier.length);
    const moved = new Set(results.filter((r) => r.status !== null).map((r) => `${r.organizationId}/${r.messageId}`));
    const recorded = known.map((r, i) => {
      const part = parts.get(r)!;
      const key = `${part.organization_id}/${part.message_id}`;
      // Only the receipt that made the move shows it as its effect; a repeat shows none.
      const effect = moves[i] && moved.delete(key) ? r.effect : 'none';
      return { id: newId(), organization_id: part.organization_id, message_id: part.message_id, provider_id: r.providerId, part: part.part, delivery: r.effect, effect, raw_status: r.rawStatus, error_code: r.errorCode, received_at: r.receivedAt };
    });
    await exec(
      tx,
      `insert into message_receipts (id, organization_id, message_id, provider_id, part, delivery, effect, raw_status, error_code, received_at)
       select x.id, x.organization_id, x.message_id, x.provider_id, x.part, x.delivery, x.effect, x.raw_status, x.error_code, x.received_at
       from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, message_id uuid, provider_id text, part int, delivery text, effect text,
         raw_status text, error_code text, received_at timestamptz)`,
      [JSON.stringify(recorded)],
    );
  });
  return early;
}

interface EarlyRow {
  tries: number;
  smsc: string;
  provider_id: string;
  address: string | null;
  delivery: ProviderReceipt['effect'];
  raw_status: string;
  error_code: string | null;
  received_at: Date;
}

const asReceipt = (e: EarlyRow): TimedReceipt => ({
  smsc: e.smsc, providerId: e.provider_id, address: e.address, effect: e.delivery, rawStatus: e.raw_status, errorCode: e.error_code, receivedAt: e.received_at,
  tries: e.tries,
});

/**
 * Receipts that came before their submit's answer, taken (in the caller's transaction: a failure to apply them
 * keeps them) for the provider ids just written, in every form.
 */
export async function takeEarlyReceipts(runner: Runner, written: { smsc: string; provider_id: string }[]): Promise<TimedReceipt[]> {
  if (written.length === 0) return [];
  const found = await rows<EarlyRow>(
    runner,
    `delete from early_receipts e using jsonb_to_recordset(?::jsonb) as w(smsc text, provider_id text)
     where e.smsc = w.smsc and e.provider_id = w.provider_id
     returning e.tries, e.smsc, e.provider_id, e.address, e.delivery, e.raw_status, e.error_code, e.received_at`,
    [JSON.stringify(written)],
  );
  return found.map(asReceipt);
}

/**
 * The tick's sweep, a safety net (provider-ids.ts makes a receipt and its answer meet at once): early receipts
 * whose message has since been recorded are applied, those tried least first, so receipts that match nothing never
 * hold up fresh ones. One that still names no single message is stored again with one more try, until the
 * retention purge. Returns how many found their message.
 */
export async function applyWaitingReceipts(pool: Pool, now: Date, batch = 1000): Promise<number> {
  return nativeTransaction(pool, (tx) => sweepWaitingReceipts(tx, now, batch));
}

/**
 * The sweep inside the caller's transaction. It takes the rendezvous of provider-ids.ts first, as a receipt
 * does: an answer being written meanwhile either commits before the sweep looks its parts up, or waits for the
 * sweep to commit and then takes the receipts it stored again. (Taking the early rows first would let such an
 * answer look for them while they were away, and leave them waiting for the next tick.)
 */
export async function sweepWaitingReceipts(tx: PoolClient, now: Date, batch: number): Promise<number> {
  const next = await rows<{ id: string; smsc: string; provider_id: string; received_at: Date }>(
    tx,
    'select id, smsc, provider_id, received_at from early_receipts order by tries, received_at, id limit ?',
    [batch],
  );
  if (next.length === 0) return 0;
  await placeWaiting(tx, next.flatMap((e) => providerIdCandidates(e.provider_id).map((form) => ({ smsc: e.smsc, provider_id: form, since: e.received_at }))), now);
  const found = await rows<EarlyRow>(
    tx,
    `delete from early_receipts e where e.id in (select id from early_receipts where id = any(?::uuid[]) for update skip locked)
     returning e.tries, e.smsc, e.provider_id, e.address, e.delivery, e.raw_status, e.error_code, e.received_at`,
    [pgArray(next.map((e) => e.id))],
  );
  if (found.length === 0) return 0;
  const early = await writeReceipts(tx, now, found.map(asReceipt));
  await storeEarly(tx, early);
  return found.length - early.length;
}
