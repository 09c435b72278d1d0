// SIGTERM under load, on the real service process (bin/start-api.ts): it stops accepting, answers every request
// it had received, and exits 0 within its bound; no request whose message was kept meets a connection reset.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HTTP_DRAIN_MS } from '../../core/transport/drain.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CLIENTS = 16;

let env: TestEnv;
let org: OrgFixture;
let child: ChildProcess | null = null;

beforeAll(async () => {
  env = await setupTestEnv();
  // The API process runs on the system clock: the key must be valid by that clock, not the tests' fixed one.
  env.clock.set(new Date());
  org = await createOrg(env, { senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }], keys: { test: { mode: 'test' } } });
});

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

/** Starts the API as `npm run start:api` does; resolves with its address once it listens. */
async function startApi(): Promise<{ base: string; exited: Promise<number | null> }> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: await testDatabaseUrl(),
    PORT: '0',
    RATE_LIMIT_TEST_RPS: '100000',
    WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
  };
  for (const name of ['CLOCK', 'DATA_DIR']) delete childEnv[name];
  const proc = spawn(process.execPath, ['bin/start-api.ts'], { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  child = proc;
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const base = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    proc.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const started = stderr.split('\n').find((line) => line.includes('"ujumbe started"'));
      if (started) resolve(JSON.parse(started).api as string);
    });
    void exited.then((code) => reject(new Error(`the API exited (${code}) before it listened: ${stderr}`)));
  });
  return { base, exited };
}

interface Outcome {
  ref: string;
  sentAt: number;
  endedAt: number;
  status?: number;
  error?: string;
  reused: boolean;
}

/** One POST /v1/messages on the agent's kept-alive connection: its complete answer, or the socket error. */
function send(base: string, agent: http.Agent, ref: string, to: string): Promise<Outcome> {
  const body = JSON.stringify({ to, from: 'UJUMBE', body: 'Habari', client_ref: ref });
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = http.request(`${base}/v1/messages`, {
      method: 'POST',
      agent,
      headers: { Authorization: `Bearer ${org.keys.test!.secret}`, 'Content-Type': 'application/json', 'X-Idempotency-Key': ref },
    });
    const done = (o: Partial<Outcome>) => resolve({ ref, sentAt, endedAt: performance.now(), reused: req.reusedSocket, ...o });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode }));
      res.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
    req.end(body);
  });
}

it('SIGTERM during a stream of sends: every request received is answered, none kept is reset, exit 0 within the bound', async () => {
  const { base, exited } = await startApi();
  let stopAt = Infinity;
  let serial = 0;
  const outcomes: Outcome[] = [];
  // Each client sends one request after the other on its own kept-alive connection, until it is refused.
  const client = async (n: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (;;) {
        const i = ++serial;
        const outcome = await send(base, agent, `gs-${n}-${i}`, `+255754${String(100000 + i).slice(-5)}3`);
        outcomes.push(outcome);
        if (outcome.error || performance.now() - stopAt > HTTP_DRAIN_MS + 5_000) return;
      }
    } finally {
      agent.destroy();
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  while (outcomes.filter((o) => o.status === 202).length < 100) await new Promise((r) => setTimeout(r, 20));
  stopAt = performance.now();
  child!.kill('SIGTERM');
  const code = await exited;
  const stoppedIn = performance.now() - stopAt;
  await Promise.all(clients);

  expect(code).toBe(0);
  expect(stoppedIn).toBeLessThan(HTTP_DRAIN_MS + 5_000);
  // Some requests were in flight when the stop began, and were answered.
  expect(outcomes.filter((o) => o.sentAt < stopAt && o.endedAt > stopAt && o.status === 202).length).toBeGreaterThan(0);
  // A request on a connection the server had accepted got its answer; a new connection after the stop was refused.
  const failures = outcomes.filter((o) => o.error);
  expect(failures.filter((o) => o.error !== 'ECONNREFUSED')).toEqual([]);
  expect(failures.every((o) => !o.reused && o.sentAt > stopAt)).toBe(true);
  expect(failures.length).toBe(CLIENTS);
  expect(outcomes.filter((o) => o.status !== undefined && o.status !== 202)).toEqual([]);
  // Every message the service kept was answered 202 to its client.
  const kept = await env.sql<{ client_ref: string }>('select client_ref from messages where organization_id = ?', [org.id]);
  const answered = new Set(outcomes.filter((o) => o.status === 202).map((o) => o.ref));
  expect(kept.map((m) => m.client_ref).filter((ref) => !answered.has(ref))).toEqual([]);
  expect(kept.length).toBe(answered.size);
}, 60_000);
