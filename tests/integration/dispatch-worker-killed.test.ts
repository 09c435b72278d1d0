// A dispatching worker process killed (SIGKILL) mid-dispatch at a low SMPP_TPS: the real worker (`npm run
// start:worker`) sends live messages to an SMSC simulator run by this test, which counts what reaches it. After the
// kill, a new worker sends every message the SMSC never saw, once; none becomes unknown, and none goes twice.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { expectWalletInvariant } from '../support/money.ts';
import { testDatabaseUrl } from '../support/db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MESSAGES = 24;
const TPS = 4;

let env: TestEnv;
let org: OrgFixture;
let sim: SmscSimulator;
const submits: SimulatedSubmit[] = [];
const workers: ChildProcess[] = [];

beforeAll(async () => {
  env = await setupTestEnv();
  // The worker runs on the system clock; the messages are made on the same.
  env.clock.set(new Date());
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
  sim = await startSmscSimulator({ port: 0, dlrDelayMs: 50, onSubmit: (s) => submits.push(s) });
  await env.sql('update platform_settings set live_dispatch = true');
});

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await sim?.close();
});

async function startWorker(): Promise<ChildProcess> {
  const worker = spawn(process.execPath, ['bin/start-worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: await testDatabaseUrl(),
      NODE_ENV: 'development',
      DATA_DIR: path.join(os.tmpdir(), `ujumbe-dispatch-killed-${randomBytes(4).toString('hex')}`),
      LIVE_DISPATCH: 'on',
      SMPP_URL: sim.url,
      SMPP_TPS: String(TPS),
      SMPP_SUBMIT_TIMEOUT_MS: '500',
      CLOCK: 'system',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  workers.push(worker);
  return worker;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a dispatching worker killed mid-dispatch', () => {
  it('every message the SMSC never saw is sent after the restart, once; none of them becomes unknown', async () => {
    const numbers = Array.from({ length: MESSAGES }, (_, i) => `+2557560${String(i).padStart(3, '0')}10`);
    for (const to of numbers) {
      const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `wk-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: to });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    }
    const first = await startWorker();
    await until(() => submits.length >= 4, 30_000, 'the first submits');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const seenBeforeKill = new Set(submits.map((s) => `+${s.destinationAddr}`));
    expect(seenBeforeKill.size).toBeLessThan(MESSAGES);

    await startWorker();
    const settled = async () => {
      const [row] = await env.sql<{ n: number }>("select count(*)::int as n from messages where organization_id = ? and status in ('accepted', 'submitted')", [org.id]);
      return row!.n === 0;
    };
    await until(settled, 40_000, 'every message final');
    const rows = await env.sql<{ to_phone: string; status: string }>('select to_phone, status from messages where organization_id = ?', [org.id]);
    const perNumber = new Map<string, number>();
    for (const s of submits) perNumber.set(`+${s.destinationAddr}`, (perNumber.get(`+${s.destinationAddr}`) ?? 0) + 1);
    // Nothing reached the SMSC twice, and every message reached it.
    expect([...perNumber.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(perNumber.size).toBe(MESSAGES);
    // Every message the SMSC had not seen when the worker died was sent after and delivered. Only one it had seen,
    // whose answer died unrecorded with the worker, may be unknown (it may have left: never resent).
    expect(rows.filter((r) => !seenBeforeKill.has(r.to_phone) && r.status !== 'delivered')).toEqual([]);
    expect(rows.filter((r) => r.status !== 'delivered' && r.status !== 'unknown')).toEqual([]);
    await expectWalletInvariant(env, org.id);
  }, 90_000);
});
