// Keeps the pg pool from waiting on a database that does not answer. A frozen server enforces no
// statement_timeout, and pg's own query_timeout leaves the connection busy with the old statement and hands it
// back to the pool for reuse; so a connection left silent is closed, but only once the server also fails to
// answer a fresh connection (a quote or an import runs a long statement on purpose). While the database is
// known to be down (db-health.ts), taking a connection fails at once.
import { DatabaseHealth, unanswered } from './db-health.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

export interface GuardTimings {
  /** How long a connection may wait for its statement before the server is asked whether it still answers. */
  silentMs: number;
  /** How long the server has to answer that question (connect and `select 1`). */
  probeMs: number;
}

/** What is used of a pooled pg client; `_activeQuery` and `_queryQueue` are pg's own (client.js), read only. */
interface PooledClient {
  connection: { on(event: 'readyForQuery', listener: () => void): unknown; stream: { destroy(err?: Error): void } };
  query: (...args: never[]) => unknown;
  release(err?: Error | boolean): void;
  once(event: 'end', listener: () => void): unknown;
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
}

interface GuardedPool {
  on(event: 'connect', listener: (client: PooledClient) => void): unknown;
  connect: (...args: never[]) => unknown;
}

const now = () => performance.now();

/** Watches one pooled connection: silent past silentMs on a server that does not answer, it is closed. */
function guardConnection(client: PooledClient, health: DatabaseHealth, { silentMs }: GuardTimings): void {
  // Queued or in flight (pg keeps later statements in a queue behind the one the server has).
  const waiting = () => client._activeQuery != null || (client._queryQueue?.length ?? 0) > 0;
  let heardAt = now();
  let timer: NodeJS.Timeout | null = null;
  let gone = false;
  // Every statement of the connection fails with err; the pool drops a connection that failed.
  const close = (err: Error) => {
    if (gone || !waiting()) return;
    gone = true;
    client.connection.stream.destroy(err);
  };
  const stopListening = health.whenDown(close);
  const arm = (ms: number) => {
    timer = setTimeout(() => void check(), ms);
    timer.unref();
  };
  const check = async () => {
    timer = null;
    if (gone || !waiting()) return;
    const silent = now() - heardAt;
    if (silent < silentMs) return arm(silentMs - silent);
    // A no closes every connection waiting (health.whenDown), this one too when the breaker was already open.
    if (await health.probe()) arm(silentMs);
    else close(health.down ?? unanswered());
  };
  client.connection.on('readyForQuery', () => {
    heardAt = now();
  });
  client.once('end', () => {
    gone = true;
    stopListening();
    if (timer) clearTimeout(timer);
  });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    if (!waiting()) heardAt = now();
    if (!timer && !gone) arm(silentMs);
    return query(...args);
  }) as PooledClient['query'];
}

/**
 * An acquisition: refused at once while the database is down, given up when it is found down while waiting
 * (a client that arrives later goes back to the pool), and a failed new connection opens the breaker.
 */
function acquire(connect: () => Promise<PooledClient>, health: DatabaseHealth): Promise<PooledClient> {
  if (health.down) return Promise.reject(health.down);
  return new Promise((resolve, reject) => {
    let settled = false;
    const stopListening = health.whenDown((err) => {
      settled = true;
      reject(err);
    });
    connect().then(
      (client) => {
        stopListening();
        if (settled) client.release();
        else resolve(client);
      },
      (err: { message?: unknown }) => {
        stopListening();
        // A full pool that freed nothing in time says nothing of the server; a connection that failed does.
        if (isDatabaseUnavailable(err) && !/timeout exceeded when trying to connect/.test(String(err?.message))) health.markDown();
        if (!settled) reject(err as Error);
      },
    );
  });
}

/** Installs the guard on a pg Pool (pg-pool 3): on every new connection, and on `connect` in both its forms. */
export function guardPool(pool: GuardedPool, health: DatabaseHealth, timings: GuardTimings): void {
  pool.on('connect', (client) => guardConnection(client, health, timings));
  const connect = (pool.connect as () => Promise<PooledClient>).bind(pool);
  // pg-pool's own query() calls connect with a callback; kysely awaits the promise.
  pool.connect = ((callback?: (err: Error | undefined, client?: PooledClient, done?: (err?: Error) => void) => void) => {
    const acquired = acquire(connect, health);
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, (err) => client.release(err)),
      (err: Error) => callback(err, undefined, () => {}),
    );
    return undefined;
  }) as GuardedPool['connect'];
}

export { DatabaseHealth };
