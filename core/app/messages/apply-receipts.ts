// Delivery receipts: recorded on their message, moving it by the state table (once: a repeat changes nothing).
import type { ProviderReceipt } from './provider.ts';
import { matchReceipt, providerIdCandidates } from '../../domain/delivery-receipt.ts';
import { receiptFailureReason } from '../../domain/failure-reasons.ts';
import { newId } from '../../db/ids.ts';
import { nativeTransaction, type Runner } from '../../db/sql.ts';
import type { Pool, PoolClient } from 'pg';
import { findDeliveredParts, findReceiptParts, insertReceipts, lockMessages, type ReceiptPart } from '../../db/messages/receipts.ts';
import { findWaitingReceipts, insertEarlyReceipts, takeEarlyReceiptsById, takeEarlyReceiptsFor, type EarlyReceiptRow } from '../../db/messages/early-receipts.ts';
import { placeWaiting } from '../../db/messages/provider-ids.ts';
import { applyMoves, type Move } from './message-moves.ts';

export interface TimedReceipt extends ProviderReceipt {
  receivedAt: Date;
  /** How often it was looked up and matched nothing (those that keep failing wait behind fresh ones). */
  tries?: number;
}

/** The part each receipt names, by matchReceipt, among the parts stored under its SMSC and id forms. */
async function partsOf(tx: Runner, receipts: TimedReceipt[]): Promise<Map<TimedReceipt, ReceiptPart>> {
  const keys = receipts.flatMap((r) => providerIdCandidates(r.providerId).map((form) => ({ smsc: r.smsc, provider_id: form })));
  const found = await findReceiptParts(tx, keys);
  const bySmsc = new Map<string, ReceiptPart[]>();
  for (const f of found) bySmsc.set(f.smsc, [...(bySmsc.get(f.smsc) ?? []), f]);
  const byReceipt = new Map<TimedReceipt, ReceiptPart>();
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
  const found = await findDeliveredParts(tx, messages);
  return new Map(found.map((f) => [f.message_id, { parts: f.parts, delivered: new Set(f.delivered) }]));
}

/** Hot path: one transaction for a batch of receipts. */
export async function applyReceipts(pool: Pool, receipts: TimedReceipt[]): Promise<void> {
  if (receipts.length === 0) return;
  const at = receipts[0]!.receivedAt;
  const early = await nativeTransaction(pool, (tx) => writeReceipts(tx, at, receipts));
  await writeUnmatchedReceipts(pool, at, early);
}

/** Receipts that named no part yet, to wait in early_receipts (one more try counted). */
export async function storeEarly(tx: Runner, early: TimedReceipt[]): Promise<void> {
  if (early.length === 0) return;
  await insertEarlyReceipts(
    tx,
    early.map((r) => ({ id: newId(), smsc: r.smsc, provider_id: r.providerId, address: r.address, delivery: r.effect, raw_status: r.rawStatus, error_code: r.errorCode, received_at: r.receivedAt, tries: (r.tries ?? 0) + 1 })),
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
  const parts = receipts.length ? await partsOf(tx, receipts) : new Map<TimedReceipt, ReceiptPart>();
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
    if (r.effect === 'undelivered') return { ...base, event: 'receipt_undelivered', failureReason: receiptFailureReason(r.rawStatus, r.errorCode) };
    if (r.effect === 'failed') return { ...base, event: 'receipt_failed', failureReason: receiptFailureReason(r.rawStatus, r.errorCode) };
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
    await insertReceipts(tx, recorded);
  });
  return early;
}

const asReceipt = (e: EarlyReceiptRow): TimedReceipt => ({
  smsc: e.smsc, providerId: e.provider_id, address: e.address, effect: e.delivery, rawStatus: e.raw_status, errorCode: e.error_code, receivedAt: e.received_at,
  tries: e.tries,
});

/**
 * Receipts that came before their submit's answer, taken (in the caller's transaction: a failure to apply them
 * keeps them) for the provider ids just written, in every form.
 */
export async function takeEarlyReceipts(runner: Runner, written: { smsc: string; provider_id: string }[]): Promise<TimedReceipt[]> {
  if (written.length === 0) return [];
  return (await takeEarlyReceiptsFor(runner, written)).map(asReceipt);
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
  const next = await findWaitingReceipts(tx, batch);
  if (next.length === 0) return 0;
  await placeWaiting(tx, next.flatMap((e) => providerIdCandidates(e.provider_id).map((form) => ({ smsc: e.smsc, provider_id: form, since: e.received_at }))), now);
  const found = await takeEarlyReceiptsById(tx, next.map((e) => e.id));
  if (found.length === 0) return 0;
  const early = await writeReceipts(tx, now, found.map(asReceipt));
  await storeEarly(tx, early);
  return found.length - early.length;
}
