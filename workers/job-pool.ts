// The pool graphile-worker's runner queries through. graphile-worker 0.18 writes a job's end (completeJob, failJob)
// without awaiting it and tries a refused connection only once, so with the database away at that moment the
// rejection nobody awaits would end the process. Here a connection waits for the database instead, up to
// JOB_POOL_WAIT_MS, and the job's end is written once it is back.
import pg from 'pg';
import { isDatabaseUnavailable } from '../core/db/unavailable.ts';

/** How long a connection waits for the database (a restart or a failover takes seconds). */
export const JOB_POOL_WAIT_MS = 120_000;
const RETRY_MS = 500;

export interface JobPool {
  pool: pg.Pool;
  /** From now on a connection no longer waits (a stop: what graphile-worker still writes may fail). */
  stopWaiting(): void;
}

export function jobPool(connectionString: string, max: number, waitMs = JOB_POOL_WAIT_MS): JobPool {
  const pool = new pg.Pool({ connectionString, max });
  let waiting = true;
  // A connection the database drops while idle is logged by nobody and replaced by the next connect.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const connectOnce = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const patient = async (): Promise<pg.PoolClient> => {
    const deadline = performance.now() + waitMs;
    for (;;) {
      try {
        return await connectOnce();
      } catch (err) {
        if (!waiting || pool.ending || !isDatabaseUnavailable(err) || performance.now() + RETRY_MS > deadline) throw err;
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  };
  const connect = pool.connect.bind(pool);
  // The callback form (graphile-worker's LISTEN connection, which reconnects by itself) is left as it is.
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => (callback ? connect(callback) : patient())) as typeof pool.connect;
  return {
    pool,
    stopWaiting: () => {
      waiting = false;
    },
  };
}
