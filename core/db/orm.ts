// MikroORM on PostgreSQL: one ORM per process, one EntityManager fork per request or job.
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from '../../migrations/index.ts';
import { ENTITIES } from './entities/index.ts';
import { DatabaseHealth, guardPool, type GuardTimings } from './pool-guard.ts';

export type Orm = MikroORM;

/**
 * The database limits of every pooled connection (README, "Health, database faults and stopping"). Together they
 * bound how long a request waits on a database that is down or frozen: about 4 s, answered 503 busy.
 */
export const DATABASE_TIMEOUTS = {
  /** A new connection, or a free one from a full pool (pg-pool counts both against connectionTimeoutMillis). */
  connectMs: 3_000,
  /** A statement unanswered this long makes the pool ask whether the server still answers, within probeMs. */
  silentMs: 1_500,
  probeMs: 2_000,
  /**
   * statement_timeout: the server cancels a runaway statement. Generous, because requests, jobs, migrations
   * and bulk statements share it (a million-row insert took 27 s on a 2-core machine); a use case that needs
   * a tighter limit sets its own with `set local` (quotes, recipient reads, exports).
   */
  statementMs: 120_000,
  /** lock_timeout: a wait this long for a row or table lock is contention to report, not to sit out. */
  lockMs: 5_000,
  /** idle_in_transaction_session_timeout: a transaction its process forgot (or froze in) releases its locks. */
  idleInTransactionMs: 60_000,
} as const;

export async function createOrm(url: string, options: { poolMax?: number } = {}): Promise<Orm> {
  const t = DATABASE_TIMEOUTS;
  const guard: GuardTimings = { silentMs: t.silentMs, probeMs: t.probeMs };
  const health = new DatabaseHealth(url, t.probeMs);
  const orm = await MikroORM.init({
    clientUrl: url,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList, snapshot: false, silent: true, tableName: 'schema_migrations' },
    pool: { min: 0, max: options.poolMax ?? 10 },
    // pg Pool and Client options (MikroORM 7 hands driverOptions to `new Pool`); the three settings are
    // sent at connect, so they cost no round trip.
    driverOptions: {
      connectionTimeoutMillis: t.connectMs,
      statement_timeout: t.statementMs,
      lock_timeout: t.lockMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
      onPoolCreated: (pool: Parameters<typeof guardPool>[0]) => guardPool(pool, health, guard),
    },
    debug: false,
    allowGlobalContext: false,
  });
  // The health probe's own connection goes with the pool.
  const close = orm.close.bind(orm);
  orm.close = async (force?: boolean) => {
    health.close();
    await close(force);
  };
  return orm;
}
