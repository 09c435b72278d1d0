// The service's real processes as an operator runs them (`npm start`, `npm run start:api`, `npm run start:worker`),
// each started with the node flags of its npm script, killed and started again when the harness says, and
// started again (counted as a crash) when one ends on its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export type Role = 'start' | 'start:api' | 'start:worker';

export interface Crash {
  name: string;
  code: number | null;
  signal: string | null;
  /** The last lines it wrote to stderr. */
  tail: string;
}

export interface ServiceProcess {
  readonly name: string;
  readonly role: Role;
  /** The API's base URL; null for a worker. */
  readonly base: string | null;
  readonly runsWorkers: boolean;
  alive(): boolean;
  /** Sends the signal and waits for the exit (SIGKILL after graceMs). Returns how long the exit took, and whether it was forced. */
  kill(signal: 'SIGKILL' | 'SIGTERM', graceMs?: number): Promise<{ ms: number; forced: boolean }>;
  /** Starts it again and waits until it says it started. */
  start(): Promise<void>;
}

/** The node flags of an npm script (`node FLAGS bin/x.ts`), so each process runs as its script would. */
function scriptArgs(role: Role): string[] {
  const pkg = JSON.parse(fs.readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts[role]!.split(/\s+/).slice(1);
}

const STARTED = /"message":"ujumbe started"/;
const START_TIMEOUT_MS = 120_000;

export function serviceProcess(name: string, role: Role, env: Record<string, string>, port: number | null, onCrash: (crash: Crash) => void): ServiceProcess {
  let child: ChildProcess | null = null;
  let expected = false;
  let tail: string[] = [];
  let starting: Promise<void> | null = null;

  function spawnOnce(): Promise<void> {
    expected = false;
    tail = [];
    const current = spawn(process.execPath, scriptArgs(role), {
      cwd: root,
      env: { ...process.env, ...env, ...(port === null ? {} : { PORT: String(port) }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = current;
    return new Promise((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        // Not left running beside the next try.
        expected = true;
        current.kill('SIGKILL');
        reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms: ${tail.join(' / ')}`));
      }, START_TIMEOUT_MS);
      current.stderr!.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        tail = [...tail, ...text.split('\n').filter(Boolean)].slice(-8);
        if (!ready && STARTED.test(text)) {
          ready = true;
          clearTimeout(timer);
          resolve();
        }
      });
      current.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (!ready) return reject(new Error(`${name} exited before it started (${code ?? signal}): ${tail.join(' / ')}`));
        if (expected || child !== current) return;
        // Ended on its own: a supervisor would start it again, and so does the harness.
        onCrash({ name, code, signal, tail: tail.join(' / ') });
        child = null;
        void start().catch(() => {});
      });
    });
  }

  // A start fails while the database is down; an operator's supervisor tries again, so does this.
  async function startUntilUp(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      try {
        return await spawnOnce();
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  function start(): Promise<void> {
    starting ??= startUntilUp().finally(() => {
      starting = null;
    });
    return starting;
  }

  return {
    name,
    role,
    base: port === null ? null : `http://127.0.0.1:${port}`,
    runsWorkers: role !== 'start:api',
    alive: () => child !== null && child.exitCode === null && child.signalCode === null,
    async kill(signal, graceMs = 30_000) {
      // One being started again is killed once it is up, as a fault at that moment would find it.
      if (starting) await starting.catch(() => {});
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return { ms: 0, forced: false };
      expected = true;
      const started = Date.now();
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill(signal);
      let forced = false;
      const force = setTimeout(() => {
        forced = true;
        current.kill('SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(force);
      child = null;
      return { ms: Date.now() - started, forced };
    },
    start,
  };
}
