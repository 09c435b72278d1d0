// The long-running loops (the webhook sender, the dispatcher) live as long as graphile-worker's
// worker pool: started by the runner's `pool:create` event, stopped one after another in the order given when the
// pool begins to shut down (`pool:gracefulShutdown`, or `pool:forcefulShutdown` without it), whether the runner's
// stop asked for it or graphile-worker gave up by itself.
import type { WorkerEvents } from 'graphile-worker';

export interface Loop {
  stop(): Promise<void>;
}

export interface PoolLoops {
  /** Whether the pool was created and the loops started. */
  readonly started: boolean;
  /** What `start` threw, if it did (graphile-worker would only log it, and this process logs nothing of it). */
  readonly failed: unknown;
  /** Stops the loops (once; at once if the pool never started them); resolves when the last one has stopped. */
  stop(): Promise<void>;
}

export function loopsOfThePool(events: WorkerEvents, start: () => Loop[]): PoolLoops {
  let loops: Loop[] | null = null;
  let failed: unknown = null;
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      for (const loop of loops ?? []) await loop.stop();
    })();
    return stopping;
  };
  events.on('pool:create', () => {
    if (loops || stopping || failed) return;
    try {
      loops = start();
    } catch (err) {
      failed = err ?? new Error('the loops could not start');
    }
  });
  events.on('pool:gracefulShutdown', () => void stop());
  events.on('pool:forcefulShutdown', () => void stop());
  return {
    get started() {
      return loops !== null;
    },
    get failed() {
      return failed;
    },
    stop,
  };
}
