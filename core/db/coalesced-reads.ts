// Reads of one kind made by concurrent requests, gathered into one statement (hot path). A round trip costs a
// pool connection and a pair of socket calls whatever it reads; under load, requests that arrive while earlier
// reads are out go together in the next one. When the service is quiet a read goes at once, alone.
import type { Pool } from 'pg';
import type { Deps } from '../app/context.ts';
import { retryingContention } from './contention.ts';
import { nativePool } from './sql.ts';

export interface CoalesceOptions {
  /** Reads in one statement at most. */
  maxBatch: number;
  /** Statements of this kind out at once; more reads wait and go together. */
  inFlight: number;
}

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
        // A statement that meets a deadlock ran nothing: it is run again whole.
        .then((pool) => retryingContention(() => run(pool, batch.map((w) => w.item))))
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

/**
 * One coalescer per kind of read and per service (deps). `run` answers each item, in order, from one
 * statement; an item it has no answer for is answered undefined.
 */
export function coalescedRead<I, O>(run: Run<I, O>, options: CoalesceOptions = { maxBatch: 128, inFlight: 1 }): (deps: Deps, item: I) => Promise<O> {
  const byDeps = new WeakMap<Deps, (item: I) => Promise<O>>();
  return (deps, item) => {
    let read = byDeps.get(deps);
    if (!read) {
      read = coalescer(deps, run, options);
      byDeps.set(deps, read);
    }
    return read(item);
  };
}
