// The dispatcher's one writer: submit marks in batches, then answers, late answers and receipts, one transaction a
// flush (record-flush.ts); a receipt is acknowledged to its SMSC only once committed.
import type { Pool } from 'pg';
import type { Deps } from '../core/app/context.ts';
import type { SmsProvider } from '../core/app/messages/provider.ts';
import type { ClaimedMessage } from '../core/db/messages/claim.ts';
import { markWriting } from '../core/app/messages/claim-due.ts';
import { lateIdRows, type Outcome } from '../core/app/messages/record-outcomes.ts';
import type { ProviderIdRow } from '../core/db/messages/provider-ids.ts';
import { writeUnmatchedReceipts, type TimedReceipt } from '../core/app/messages/apply-receipts.ts';
import { writeFlush } from '../core/app/messages/record-flush.ts';
import { nativeTransaction } from '../core/db/sql.ts';

/** At a stop with the database away, how long the writer keeps trying before it leaves the rest unwritten. */
export const STOP_WRITE_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stored {
  receipt: TimedReceipt;
  /** Sends deliver_sm_resp: only once the receipt is committed. */
  acknowledge: () => void;
}

export function createDispatchWriter(deps: Deps, poolReady: Promise<Pool>, options: { stopping(): boolean; written(answers: Outcome[]): void }) {
  let outcomes: Outcome[] = [];
  let receipts: Stored[] = [];
  let late: ProviderIdRow[] = [];
  let marks: { message: ClaimedMessage; decide: (go: boolean) => void }[] = [];
  let marking = false;
  let finishing = false;

  async function runMarks(): Promise<void> {
    if (marking) return;
    marking = true;
    try {
      const pool = await poolReady;
      while (marks.length) {
        const batch = marks;
        marks = [];
        try {
          const marked = await markWriting(pool, await deps.clock.now(), batch.map((b) => b.message));
          for (const b of batch) b.decide(marked.has(b.message.id));
        } catch (err) {
          // Not marked, so not written: the message is handed back (record-outcomes.ts, withdrawn).
          process.stderr.write(`dispatcher mark failed: ${String(err)}\n`);
          for (const b of batch) b.decide(false);
        }
      }
    } finally {
      marking = false;
    }
  }

  async function flush(pool: Pool): Promise<void> {
    if (outcomes.length === 0 && receipts.length === 0 && late.length === 0) return;
    const now = await deps.clock.now();
    const answers = outcomes;
    const incoming = receipts;
    const lateIds = late;
    outcomes = [];
    receipts = [];
    late = [];
    const fresh = incoming.map((s) => ({ ...s.receipt, receivedAt: now }));
    const acknowledge = new Map(fresh.map((r, i) => [r, incoming[i]!.acknowledge]));
    let unmatched: TimedReceipt[];
    try {
      unmatched = await nativeTransaction(pool, (tx) => writeFlush(tx, now, { answers, lateIds, receipts: fresh }));
    } catch (err) {
      // Nothing was written: the answers and receipts wait for the next flush (receipts still unacknowledged).
      outcomes.unshift(...answers);
      receipts.unshift(...incoming);
      late.unshift(...lateIds);
      throw err;
    }
    options.written(answers);
    const waiting = new Set(unmatched);
    for (const r of fresh) if (!waiting.has(r)) acknowledge.get(r)!();
    try {
      await writeUnmatchedReceipts(pool, now, unmatched);
    } catch (err) {
      // Not stored: they go round again (a later flush may even find their part), still unacknowledged.
      receipts.unshift(...unmatched.map((r) => ({ receipt: r, acknowledge: acknowledge.get(r)! })));
      throw err;
    }
    for (const r of unmatched) acknowledge.get(r)!();
  }

  return {
    /** Answers, receipts and late answers waiting to be written. */
    backlog: () => outcomes.length + receipts.length,
    /** Takes the provider's receipts and late answers; returns what stops taking its receipts. */
    listen(provider: SmsProvider): () => void {
      provider.onLateAcceptance((answer) => void late.push(...lateIdRows(provider.smsc, answer)));
      return provider.onReceipt((receipt) => new Promise<void>((acknowledge) => void receipts.push({ receipt: { ...receipt, receivedAt: new Date(0) }, acknowledge })));
    },
    /** The gate before a message's first write: true once its attempt is stored (never during a stop). */
    markWriting(message: ClaimedMessage): Promise<boolean> {
      if (options.stopping()) return Promise.resolve(false);
      return new Promise<boolean>((decide) => {
        marks.push({ message, decide });
        void runMarks();
      });
    },
    answered(outcome: Outcome): void {
      outcomes.push(outcome);
    },
    /** The writer ends once everything queued is written (or, with the database away, after STOP_WRITE_MS). */
    finish(): void {
      finishing = true;
    },
    async run(pool: Pool, flushMs: number): Promise<void> {
      let giveUpAt = Infinity;
      for (;;) {
        if (finishing && giveUpAt === Infinity) giveUpAt = performance.now() + STOP_WRITE_MS;
        const empty = outcomes.length === 0 && receipts.length === 0 && late.length === 0;
        if (finishing && (empty || performance.now() > giveUpAt)) {
          if (!empty) process.stderr.write(`dispatcher stopped with ${outcomes.length} answers and ${receipts.length} receipts unwritten\n`);
          return;
        }
        await flush(pool).catch((err: unknown) => process.stderr.write(`dispatcher flush failed: ${String(err)}\n`));
        await sleep(flushMs);
      }
    },
  };
}
