// The statements a piece of work sends to the database: every connection of the ORM's pool is counted from its
// next checkout on (the pool's clients are its own), transactions included.
import type pg from 'pg';
import { nativePool } from '../../core/db/sql.ts';
import type { TestEnv } from './app.ts';

export interface StatementCounter {
  /** The work's answer and how many statements were sent while it ran (nothing else may run meanwhile). */
  during<T>(work: () => PromiseLike<T>): Promise<{ statements: number; answer: T }>;
}

export async function countStatements(env: TestEnv): Promise<StatementCounter> {
  const pool = await nativePool(env.orm.em);
  let counting = false;
  let statements = 0;
  const counted = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const send = client.query as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      if (counting) statements += 1;
      return send.apply(client, args);
    }) as typeof client.query;
  });
  return {
    async during(work) {
      statements = 0;
      counting = true;
      try {
        const answer = await work();
        return { statements, answer };
      } finally {
        counting = false;
      }
    },
  };
}
