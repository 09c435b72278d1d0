// Work of one kind asked for by concurrent requests, gathered into one database round trip or transaction
// (hot path): the shared reads of keys and send contexts, and the send batch. A round trip costs a pool
// connection and a pair of socket calls whatever it carries; under load, requests that arrive while a batch
// is out go together in the next one. When the service is quiet an item goes at once, alone.
import DataLoader from 'dataloader';
import type { Pool } from 'pg';
import type { Deps } from '../app/context.ts';
import { nativePool } from './sql.ts';

export interface CoalesceOptions {
  /** Items in one batch at most. */
  maxBatch: number;
  /** Batches of this kind out at once; more items wait and go together. */
  inFlight: number;
}

/** Answers each item of a batch, in order (never with an Error instance: DataLoader would reject that item with it). */
type Run<I, O> = (pool: Pool, items: I[]) => Promise<O[]>;

/**
 * A loader whose batches leave as soon as fewer than `inFlight` of them are out, instead of at the end of a
 * tick: the batch waiting for its turn is the one that gathers the items. Nothing is cached, since each item is
 * a request of its own (a key's token, a send) and must reach the database.
 */
function coalescer<I, O>(deps: Deps, run: Run<I, O>, options: CoalesceOptions): (item: I) => Promise<O> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    while (running < options.inFlight && waiting.length) {
      running += 1;
      // DataLoader adds the item that opened a batch after scheduling it: the batch must leave a moment later.
      queueMicrotask(waiting.shift()!);
    }
  };
  const loader = new DataLoader<I, O>(
    async (items) => {
      try {
        return await run(await nativePool(deps.orm.em), [...items]);
      } finally {
        running -= 1;
        release();
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatch,
      batchScheduleFn: (dispatch) => {
        waiting.push(dispatch);
        release();
      },
    },
  );
  return (item) => loader.load(item);
}

/** One coalescer per kind of work and per service (deps); a batch that fails rejects each of its items. */
export function coalesced<I, O>(run: Run<I, O>, options: CoalesceOptions = { maxBatch: 128, inFlight: 1 }): (deps: Deps, item: I) => Promise<O> {
  const byDeps = new WeakMap<Deps, (item: I) => Promise<O>>();
  return (deps, item) => {
    let submit = byDeps.get(deps);
    if (!submit) {
      submit = coalescer(deps, run, options);
      byDeps.set(deps, submit);
    }
    return submit(item);
  };
}
