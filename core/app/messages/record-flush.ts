// One flush of a dispatcher, in one transaction: submit answers, late answers' ids, the early receipts they were
// waited for by, and the receipts just read, their moves applied together (hot path: one lock of the messages and
// wallets, one commit). Receipts just read that still find no part are returned for writeUnmatchedReceipts.
import type { PoolClient } from 'pg';
import { providerIdCandidates } from '../../domain/delivery-receipt.ts';
import { writeOutcomes, type Outcome } from './record-outcomes.ts';
import { storeProviderIds, type ProviderIdRow } from '../../db/messages/provider-ids.ts';
import { storeEarly, takeEarlyReceipts, writeReceipts, type TimedReceipt } from './apply-receipts.ts';

export async function writeFlush(
  tx: PoolClient,
  now: Date,
  batch: { answers: Outcome[]; lateIds: ProviderIdRow[]; receipts: TimedReceipt[] },
): Promise<TimedReceipt[]> {
  const { moves, written } = await writeOutcomes(tx, now, batch.answers);
  await storeProviderIds(tx, batch.lateIds);
  const lateForms = batch.lateIds.flatMap((p) => providerIdCandidates(p.provider_id).map((form) => ({ smsc: p.smsc, provider_id: form })));
  const early = await takeEarlyReceipts(tx, [...written, ...lateForms]);
  const left = await writeReceipts(tx, now, [...early, ...batch.receipts], moves);
  // Stored ones that still match nothing go back to wait, in this transaction (taking them deleted them).
  const stored = new Set(early);
  await storeEarly(tx, left.filter((r) => stored.has(r)));
  return left.filter((r) => !stored.has(r));
}
