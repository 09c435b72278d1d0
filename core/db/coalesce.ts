// Work of one kind asked for by concurrent requests, gathered into one database round trip or transaction
// (hot path): the shared reads of keys and send contexts, and the send batch. A round trip costs a pool
// connection and a pair of socket calls whatever it carries; under load, requests that arrive while a batch
// is out go together in the next one. When the service is quiet an item goes at once, alone.
import DataLoader from 'dataloader';
import type { Pool } from 'pg';
import type { Orm } from './orm.ts';
import { nativePool } from './sql.ts';

/**
 * The service a coalescer serves: its batches take connections from its ORM's pool. Each service (the
 * dependencies of one process, or of one test) has coalescers of its own.
 */
export interface CoalescedService {
  orm: Pick<Orm, 'em'>;
}

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
function coalescer<I, O>(service: CoalescedService, run: Run<I, O>, options: CoalesceOptions): (item: I) => Promise<O> {
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
        return await run(await nativePool(service.orm.em), [...items]);
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

/** One coalescer per kind of work and per service; a batch that fails rejects each of its items. */
export function coalesced<I, O>(run: Run<I, O>, options: CoalesceOptions = { maxBatch: 128, inFlight: 1 }): (service: CoalescedService, item: I) => Promise<O> {
  const byService = new WeakMap<CoalescedService, (item: I) => Promise<O>>();
  return (service, item) => {
    let submit = byService.get(service);
    if (!submit) {
      submit = coalescer(service, run, options);
      byService.set(service, submit);
    }
    return submit(item);
  };
}
