// The harness's own PostgreSQL: durable (as in production), in a temporary directory, migrated; it can be stopped
// and started again, or frozen and thawed, at a run's seeded moments.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedCluster, freePort, withDatabase } from '../../core/db/embedded.ts';
import { clusterUser, placeCluster } from '../../core/db/postgres-home.ts';
import { migrate } from '../../core/db/migrate.ts';
import { clusterProcessIds } from '../../core/db/cluster-processes.ts';

export interface ChaosDatabase {
  /** The application database's URL, for the service's processes and the checks. */
  url: string;
  /** Fast shutdown: every connection is cut, committed work stays on disk. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the server and all its backends: queries hang, nothing errors, until thaw(). */
  freeze(): void;
  thaw(): void;
  /** Stops the server and deletes its files. */
  close(): Promise<void>;
}

export async function startChaosDatabase(): Promise<ChaosDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-chaos-pg-'));
  fs.chmodSync(dir, 0o755);
  const runAs = clusterUser();
  const { directory } = placeCluster(runAs, path.join(dir, 'pg'));
  const cluster = await EmbeddedCluster.create({ directory, port: await freePort(), password: randomBytes(12).toString('hex'), durable: true }, runAs);
  await cluster.initialise();
  await cluster.start();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database ujumbe');
  await admin.end();
  const url = withDatabase(cluster.url, 'ujumbe');
  await migrate(url);
  let frozen: number[] = [];
  const signal = (pids: number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // A backend that ended meanwhile.
      }
    }
  };
  const thaw = () => {
    signal(frozen, 'SIGCONT');
    frozen = [];
  };
  return {
    url,
    stop: () => cluster.stop(),
    start: () => cluster.start(),
    freeze() {
      frozen = clusterProcessIds(directory);
      signal(frozen, 'SIGSTOP');
    },
    thaw,
    async close() {
      thaw();
      await cluster.stop();
      fs.rmSync(directory, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
