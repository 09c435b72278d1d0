// Work of one kind asked for by concurrent requests, gathered into one database round trip or transaction
// (hot path): the shared reads of keys and send contexts, and the send batch. A round trip costs a pool
// connection and a pair of socket calls whatever it carries; under load, requests that arrive while a batch
// is out go together in the next one. When the service is quiet an item goes at once, alone.
import type { Pool } from 'pg';
import type { Deps } from '../app/context.ts';
import { nativePool } from './sql.ts';

export interface CoalesceOptions {
  /** Items in one batch at most. */
  maxBatch: number;
  /** Batches of this kind out at once; more items wait and go together. */
  inFlight: number;
}

/** Answers each item of a batch, in order. */
type Run<I, O> = (pool: Pool, items: I[]) => Promise<O[]>;

interface Waiting<I, O> {
  item: I;
  resolve(out: O): void;
  reject(err: unknown): void;
}

function coalescer<I, O>(deps: Deps, run: Run<I, O>, options: CoalesceOptions): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let running = 0;
  const pump = () => {
    while (queue.length && running < options.inFlight) {
      const batch = queue.splice(0, options.maxBatch);
      running += 1;
      void nativePool(deps.orm.em)
        .then((pool) => run(pool, batch.map((w) => w.item)))
        .then((outs) => batch.forEach((w, i) => w.resolve(outs[i]!)))
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
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
