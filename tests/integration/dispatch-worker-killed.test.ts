// A dispatching worker process killed (SIGKILL) mid-dispatch at a low SMPP_TPS: the real worker (`npm run
// start:worker`) sends live messages to an SMSC simulator run by this test, which counts what reaches it. After the
// kill, a new worker sends every message the SMSC never saw, once; none becomes unknown, and none goes twice.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { expectWalletInvariant } from '../support/money.ts';
import { until, workerProcesses } from '../support/worker-process.ts';

const MESSAGES = 24;
const TPS = 4;

let env: TestEnv;
let org: OrgFixture;
let sim: SmscSimulator;
const submits: SimulatedSubmit[] = [];
const workers = workerProcesses();

beforeAll(async () => {
  env = await setupTestEnv();
  // The worker runs on the system clock; the messages are made on the same.
  env.clock.set(new Date());
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
  sim = await startSmscSimulator({ port: 0, dlrDelayMs: 50, onSubmit: (s) => submits.push(s) });
  await env.sql('update platform_settings set live_dispatch = true');
});

afterAll(async () => {
  workers.killAll();
  await sim?.close();
});

const startWorker = (tps = TPS, smsc: SmscSimulator = sim) => workers.start({ smppUrl: smsc.url, submitTimeoutMs: 500, tps, name: 'dispatch-killed' });

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

  it('receipts the SMSC sent to a worker killed before it stored them come again after the restart: none is lost', async () => {
    workers.killAll();
    const numbers = Array.from({ length: 6 }, (_, i) => `+2557561${String(i).padStart(3, '0')}10`);
    const ids: string[] = [];
    for (const to of numbers) {
      const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `wr-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: to });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      ids.push(res.body.data.id);
    }
    const idList = `{${ids.join(',')}}`;
    const count = async (status: string) =>
      (await env.sql<{ n: number }>('select count(*)::int as n from messages where id = any(?::uuid[]) and status = ?', [idList, status]))[0]!.n;
    // The messages are locked while their receipts arrive: the worker reads them but cannot store them yet.
    const pool = await (await import('../../core/db/sql.ts')).nativePool(env.orm.em);
    const blocker = await pool.connect();
    // Receipts two seconds after each submit: time to lock the messages first.
    const slow = await startSmscSimulator({ port: 0, dlrDelayMs: 2000 });
    const worker = await startWorker(50, slow);
    try {
      await until(async () => (await count('submitted')) === numbers.length, 30_000, 'every message submitted');
      await blocker.query('begin');
      await blocker.query('select 1 from messages where id = any($1::uuid[]) for update', [idList]);
      await until(() => slow.stats().receipts >= numbers.length, 10_000, 'every receipt sent');
      await new Promise((r) => setTimeout(r, 300));
      worker.kill('SIGKILL');
      await new Promise((r) => worker.once('exit', r));
    } finally {
      await blocker.query('rollback').catch(() => {});
      blocker.release();
    }
    try {
      expect(await count('submitted')).toBe(numbers.length);
      await startWorker(50, slow);
      await until(async () => (await count('delivered')) === numbers.length, 30_000, 'every message delivered');
      expect(slow.stats().resent).toBeGreaterThanOrEqual(numbers.length);
      await expectWalletInvariant(env, org.id);
    } finally {
      workers.killAll();
      await slow.close();
    }
  }, 90_000);

  it('SIGTERM mid-dispatch: the worker hands back what it had not written, records what it had, and exits in time', async () => {
    workers.killAll();
    const numbers = Array.from({ length: 16 }, (_, i) => `+2557562${String(i).padStart(3, '0')}10`);
    const ids: string[] = [];
    for (const to of numbers) {
      const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `wt-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: to });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      ids.push(res.body.data.id);
    }
    const idList = `{${ids.join(',')}}`;
    const ours = () => submits.filter((s) => s.destinationAddr.startsWith('2557562'));
    const worker = await startWorker();
    await until(() => ours().length >= 3, 30_000, 'the first submits');
    const exited = new Promise<number | null>((r) => worker.once('exit', (code) => r(code)));
    const stopAt = performance.now();
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The bound: a submit timeout for written submits to be answered, then receipts and the last writes.
    expect(performance.now() - stopAt).toBeLessThan(10_000);
    const left = await env.sql<{ status: string; claimed: boolean; n: number }>(
      'select status, submit_started_at is not null as claimed, count(*)::int as n from messages where id = any(?::uuid[]) group by 1, 2 order by 1, 2',
      [idList],
    );
    // Nothing is left claimed and nothing is unknown: what was not written went back to the queue.
    expect(left.filter((r) => r.status === 'unknown' || (r.status === 'accepted' && r.claimed))).toEqual([]);
    expect(left.find((r) => r.status === 'accepted')?.n ?? 0).toBeGreaterThan(0);
    await startWorker();
    await until(
      async () => (await env.sql<{ n: number }>("select count(*)::int as n from messages where id = any(?::uuid[]) and status = 'delivered'", [idList]))[0]!.n === numbers.length,
      30_000,
      'every message delivered',
    );
    const perNumber = new Map<string, number>();
    for (const s of ours()) perNumber.set(s.destinationAddr, (perNumber.get(s.destinationAddr) ?? 0) + 1);
    expect(perNumber.size).toBe(numbers.length);
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
    await expectWalletInvariant(env, org.id);
  }, 90_000);
});
