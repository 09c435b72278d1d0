// A message from a handset is stored before it is acknowledged: a real worker process (`npm run start:worker`)
// bound to an SMSC simulator run by this test is killed (SIGKILL) after the SMSC sent it the message and before
// it could store it (a table lock held by this test makes the store wait). The SMSC, never answered, sends it again
// to the next worker at its bind: the message is stored once, neither lost nor doubled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmscSimulator, type SimulatedInbound, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { assignInboundNumber } from '../../core/app/inbound/inbound-numbers.ts';
import { nativePool } from '../../core/db/sql.ts';
import { createOrg, operator, setupTestEnv, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';
import { until, workerProcesses } from '../support/worker-process.ts';

let env: TestEnv;
let org: OrgFixture;
let sim: SmscSimulator;
const reports: SimulatedInbound[] = [];
const workers = workerProcesses();

beforeAll(async () => {
  env = await setupTestEnv();
  env.clock.set(new Date());
  org = await createOrg(env, { keys: {} });
  await assignInboundNumber(await env.ctx(), operator, { organizationId: org.id, number: '15500' });
  sim = await startSmscSimulator({ port: 0, dlrDelayMs: 50, onInbound: (r) => reports.push(r) });
}, 60_000);

afterAll(async () => {
  workers.killAll();
  await sim?.close();
});

const startWorker = () => workers.start({ smppUrl: sim.url, submitTimeoutMs: 1000, name: 'inbound-killed' });

const stored = async (ref: string) =>
  env.sql<{ body: string; organization_id: string; parts: number }>('select body, organization_id, parts from inbound_messages where smsc_message_ref = ?', [ref]);
const written = (ref: string) => reports.filter((r) => r.smscMessageRef === ref && !r.acknowledged).length;
const acknowledged = (ref: string) => reports.filter((r) => r.smscMessageRef === ref && r.acknowledged).length;

/** Kills the worker while it waits on `table`, locked by this test, to store what the SMSC sent it. */
async function killWhileStoring(table: string, send: () => { smscMessageRef: string; parts: number }) {
  const pool = await nativePool(env.orm.em);
  const blocker = await pool.connect();
  const binds = sim.stats().binds;
  const worker = await startWorker();
  try {
    await until(() => sim.stats().binds > binds, 30_000, 'the worker bound');
    await blocker.query('begin');
    await blocker.query(`lock table ${table} in share row exclusive mode`);
    const sent = send();
    await until(() => written(sent.smscMessageRef) >= sent.parts, 10_000, 'every deliver_sm written');
    // The worker read it and is storing it: its statement waits on the lock.
    await waitForLockWaiters(env, 1);
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    return sent;
  } finally {
    await blocker.query('rollback').catch(() => {});
    blocker.release();
  }
}

describe('a worker killed after the SMSC sent it a message and before it stored it', () => {
  it.each([
    ['a message of one part', 'inbound_messages', { text: 'Habari, nimefika salama' }],
    ['a long message in three parts', 'inbound_message_parts', { text: 'Sehemu tatu za ujumbe mmoja mrefu, zote zinakuja pamoja, kwa mpangilio wowote ule.', parts: 3 }],
  ])('%s: not acknowledged, sent again to the next worker, stored once', async (_name, table, message) => {
    const sent = await killWhileStoring(table, () => sim.sendInbound({ from: '0754123456', to: '15500', ...message }));
    expect(acknowledged(sent.smscMessageRef)).toBe(0);
    expect(await stored(sent.smscMessageRef)).toEqual([]);
    expect((await env.sql<{ n: number }>('select count(*)::int as n from inbound_message_parts'))[0]!.n).toBe(0);

    const next = await startWorker();
    await until(async () => (await stored(sent.smscMessageRef)).length > 0, 30_000, 'the message stored by the next worker');
    await until(() => acknowledged(sent.smscMessageRef) >= sent.parts, 10_000, 'every deliver_sm acknowledged');
    // Time for a second copy to show, were there one.
    await new Promise((r) => setTimeout(r, 500));
    expect(await stored(sent.smscMessageRef)).toEqual([{ body: message.text, organization_id: org.id, parts: sent.parts }]);
    expect(written(sent.smscMessageRef)).toBeGreaterThanOrEqual(2 * sent.parts);
    next.kill('SIGKILL');
    await new Promise((r) => next.once('exit', r));
  }, 90_000);
});
