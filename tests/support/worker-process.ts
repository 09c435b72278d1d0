// A real worker process (`npm run start:worker`) on the test database, bound live to an SMSC run by the test, for
// the tests that kill one (SIGKILL) mid-work and start the next; and a wait on a condition, named in its failure.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseUrl } from './db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface WorkerProcessOptions {
  /** The SMSC it binds to (LIVE_DISPATCH on), on the system clock. */
  smppUrl: string;
  submitTimeoutMs: number;
  tps?: number;
  /** Names its DATA_DIR (a fresh one under the system's temporary directory). */
  name: string;
}

/** Worker processes of one test file: each started one is killed by killAll (call it in afterAll). */
export function workerProcesses() {
  const started: ChildProcess[] = [];
  return {
    async start(options: WorkerProcessOptions): Promise<ChildProcess> {
      const worker = spawn(process.execPath, ['bin/start-worker.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: await testDatabaseUrl(),
          NODE_ENV: 'development',
          DATA_DIR: path.join(os.tmpdir(), `ujumbe-${options.name}-${randomBytes(4).toString('hex')}`),
          LIVE_DISPATCH: 'on',
          SMPP_URL: options.smppUrl,
          ...(options.tps === undefined ? {} : { SMPP_TPS: String(options.tps) }),
          SMPP_SUBMIT_TIMEOUT_MS: String(options.submitTimeoutMs),
          CLOCK: 'system',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      started.push(worker);
      return worker;
    },
    killAll(): void {
      for (const w of started) w.kill('SIGKILL');
    },
  };
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
