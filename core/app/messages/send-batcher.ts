// Live sends of many requests written together: one transaction and a handful of statements for a whole batch
// (hot path: commits and round trips shared by many requests; each request still gets its own answer).
import type { actorRef } from '../actor.ts';
import type { IdempotencyScope, KeptResult } from '../idempotency.ts';
import { DomainError } from '../../domain/errors.ts';
import { hold, type WalletBalance } from '../../domain/ledger.ts';
import { foldedTransaction, type FoldedTransaction } from '../../db/sql.ts';
import type { Pool } from 'pg';
import { claimKeysTakeTokensLockWallets, writeSendBatch } from '../../db/messages/send-batch.ts';
import { coalesced } from '../../db/coalesce.ts';
import { toBalance, walletWrites, type LockedWallet } from '../../db/wallets.ts';
import { IDEMPOTENCY_TTL_MS, idempotencyConflict, usedKeyResult } from '../idempotency.ts';
import { findUsedKey } from '../../db/idempotency/records.ts';
import { RECIPIENT_MESSAGES_PER_HOUR, messageRecord, type NewMessage } from './record-message.ts';

export interface BatchedSend {
  message: NewMessage;
  actor: ReturnType<typeof actorRef>;
  scope: IdempotencyScope;
  /** The send's result as its record keeps it. */
  kept: KeptResult;
  at: Date;
}

export type BatchResult = { kind: 'done'; kept: KeptResult; replay: boolean } | { kind: 'refused'; error: DomainError };

/**
 * Live sends of concurrent requests written together: one batch being written at a time, up to 128 sends (two
 * in flight locked the same wallets one after the other and doubled the round trips).
 */
export const submitSend = coalesced<BatchedSend, BatchResult>((pool, batch) => flush(pool, batch), { maxBatch: 128, inFlight: 1 });

const scopeRow = (s: IdempotencyScope) => ({ organization_id: s.organizationId, operation: s.operation, key: s.key });
// Rows are locked in the one order of lock-order.ts: idempotency keys, buckets, then wallets, each sorted.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const bucketOf = (w: BatchedSend) => `recipient:${w.message.organizationId}:${w.message.to}`;
const keyOf = (s: IdempotencyScope) => `${s.organizationId}/${s.operation}/${s.key}`;

async function flush(pool: Pool, batch: BatchedSend[]): Promise<BatchResult[]> {
  // A key twice in one batch: the first one decides, the others replay it (or conflict).
  const primaries = new Map<string, BatchedSend>();
  for (const w of batch) if (!primaries.has(keyOf(w.scope))) primaries.set(keyOf(w.scope), w);
  const results = new Map<BatchedSend, BatchResult>();
  // Two round trips: BEGIN with the claim, tokens and wallets; the writes with COMMIT.
  const unclaimed = await foldedTransaction(pool, async (tx) => {
    // A retried transaction (contention) decides afresh.
    results.clear();
    // Keys, then buckets, then wallets (lock-order.ts): the wallets are taken last and held the shortest.
    const { claimed, allowed, wallets } = await claimTakeAndLock(tx, [...primaries.values()], results);
    const accepted = decide(allowed, wallets, results);
    await write(tx, wallets, accepted, claimed.filter((w) => !accepted.includes(w)), allowed.filter((w) => !accepted.includes(w)));
    return [...primaries.values()].filter((w) => !claimed.includes(w));
  });
  for (const w of unclaimed) results.set(w, await replayOf(pool, w));
  return batch.map((w) => {
    const primary = primaries.get(keyOf(w.scope))!;
    const result = results.get(primary)!;
    if (w === primary) return result;
    if (w.scope.fingerprint !== primary.scope.fingerprint) return { kind: 'refused', error: idempotencyConflict(w.scope) };
    return result.kind === 'done' ? { ...result, replay: true } : result;
  });
}

/**
 * Claims the keys with their answers already stored (known before the batch runs; a refused send's record goes
 * before commit), takes a token of the recipient allowance for each send whose key it claimed and locks the
 * wallets of the sends the allowance lets through, in organization order. Returns the sends claimed, the ones
 * the allowance lets through and their wallets; the others get their answer.
 */
async function claimTakeAndLock(
  tx: FoldedTransaction,
  items: BatchedSend[],
  results: Map<BatchedSend, BatchResult>,
): Promise<{ claimed: BatchedSend[]; allowed: BatchedSend[]; wallets: LockedWallet[] }> {
  const ordered = [...items].sort((a, b) => compare(keyOf(a.scope), keyOf(b.scope)));
  const { taken, wallets } = await claimKeysTakeTokensLockWallets(
    tx,
    ordered.map((w) => ({ ...scopeRow(w.scope), fingerprint: w.scope.fingerprint, result: w.kept, at: w.at, expires_at: new Date(w.at.getTime() + IDEMPOTENCY_TTL_MS) })),
    ordered.map((w, i) => ({ i, ...scopeRow(w.scope), bucket: bucketOf(w) })),
    RECIPIENT_MESSAGES_PER_HOUR,
    RECIPIENT_MESSAGES_PER_HOUR / 3600,
  );
  const tokenOf = new Map(taken.map((t) => [t.i, t]));
  const claimed = ordered.filter((_, i) => tokenOf.has(i));
  const allowed = ordered.filter((w, i) => {
    const t = tokenOf.get(i);
    if (!t) return false;
    if (t.allowed) return true;
    const retryAfter = Math.max(1, Math.ceil(t.retry_after_seconds));
    results.set(w, { kind: 'refused', error: new DomainError('rate_limited', `At most ${RECIPIENT_MESSAGES_PER_HOUR} live messages an hour reach one recipient; retry after ${retryAfter} s.`, { retryAfter }) });
    return false;
  });
  return { claimed, allowed, wallets };
}

/**
 * Frozen wallets refuse; then funds, counted only for the sends the recipient allowance let through, so a send
 * refused for the allowance never uses funds another needed.
 */
function decide(items: BatchedSend[], wallets: LockedWallet[], results: Map<BatchedSend, BatchResult>): BatchedSend[] {
  const balances = new Map(wallets.map((w) => [w.organization_id, { balance: toBalance(w), frozen: w.frozen }]));
  return items.filter((w) => {
    const wallet = balances.get(w.message.organizationId)!;
    if (wallet.frozen) {
      results.set(w, { kind: 'refused', error: new DomainError('wallet_frozen', 'The wallet is frozen; contact the service.') });
      return false;
    }
    const held = hold(wallet.balance, w.message.total);
    if (!held.ok) {
      results.set(w, { kind: 'refused', error: held.error });
      return false;
    }
    wallet.balance = held.value.balance;
    results.set(w, { kind: 'done', kept: w.kept, replay: false });
    return true;
  });
}

/**
 * One statement: the tokens of sends refused after taking one (frozen wallet, funds) go back, the refused sends'
 * records go, and the accepted sends' holds (running balances again, now without the refused), ledger entries
 * and messages are written.
 */
async function write(tx: FoldedTransaction, wallets: LockedWallet[], accepted: BatchedSend[], refused: BatchedSend[], tokensBack: BatchedSend[]): Promise<void> {
  if (accepted.length === 0 && refused.length === 0) return;
  const counts = new Map<string, number>();
  for (const w of tokensBack) counts.set(bucketOf(w), (counts.get(bucketOf(w)) ?? 0) + 1);
  const holds = accepted.map((w) => ({
    organizationId: w.message.organizationId,
    movement: (b: WalletBalance) => hold(b, w.message.total),
    messageId: w.message.id,
    actorType: w.actor.actorType,
    actorId: w.actor.actorId,
    at: w.at,
  }));
  const at = (accepted[0] ?? refused[0])!.at;
  const { params } = walletWrites(new Map(wallets.map((w) => [w.organization_id, w])), holds, at);
  await writeSendBatch(tx, {
    capacity: RECIPIENT_MESSAGES_PER_HOUR,
    tokensBack: [...counts].map(([bucket, n]) => ({ bucket, n })),
    refused: refused.map((w) => scopeRow(w.scope)),
    walletParams: params,
    messages: accepted.map((w) => messageRecord(w.message, w.at)),
  });
}

/** A key already used: replay the kept result of the same request, refuse another request's. */
async function replayOf(pool: Pool, w: BatchedSend): Promise<BatchResult> {
  const record = await findUsedKey(pool, w.scope, w.at);
  const kept = record?.fingerprint === w.scope.fingerprint ? usedKeyResult(record, w.scope) : null;
  return kept !== null ? { kind: 'done', kept, replay: true } : { kind: 'refused', error: idempotencyConflict(w.scope) };
}
