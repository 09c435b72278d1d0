// A message from a handset that comes while the database cannot take it (here its table is locked past the
// lock_timeout, which the service reads as the database being unavailable) waits in the worker, unanswered, and is
// stored and acknowledged once the database answers again, on the same live link: the SMSC has no reason to send it
// again while that link stays up, so leaving it would leave it with the SMSC until the link ends.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedInbound } from '../../workers/providers/smsc-simulator.ts';
import { assignInboundNumber } from '../../core/app/inbound/inbound-numbers.ts';
import { listenInbound } from '../../workers/inbound-receiver.ts';
import { DATABASE_TIMEOUTS } from '../../core/db/orm.ts';
import { nativePool } from '../../core/db/sql.ts';
import { closeHarnesses, harness, sleep } from '../support/smpp.ts';
import { createOrg, operator, setupTestEnv, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let unlisten: (() => void) | null = null;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { keys: {} });
  await assignInboundNumber(await env.ctx(), operator, { organizationId: org.id, number: '15501' });
}, 60_000);

afterEach(async () => {
  unlisten?.();
  await closeHarnesses();
});

afterAll(async () => {
  await closeHarnesses();
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe('a message from a handset while the database is away', () => {
  it('waits in the worker past the failed store, then is stored once and acknowledged on the same link', async () => {
    const reports: SimulatedInbound[] = [];
    const h = await harness({ onInbound: (r) => reports.push(r) });
    unlisten = listenInbound(env.deps, h.provider, null);
    const pool = await nativePool(env.orm.em);
    const blocker = await pool.connect();
    let smscMessageRef: string;
    try {
      await blocker.query('begin');
      await blocker.query('lock table inbound_messages in share row exclusive mode');
      smscMessageRef = h.sim.sendInbound({ from: '0754123400', to: '15501', text: 'Habari, bado mko wazi?' }).smscMessageRef;
      await waitForLockWaiters(env, 1);
      // Past the lock_timeout: the first store failed as the database being unavailable.
      await sleep(DATABASE_TIMEOUTS.lockMs + 1_000);
      expect(reports.filter((r) => r.acknowledged)).toEqual([]);
    } finally {
      await blocker.query('rollback').catch(() => {});
      blocker.release();
    }
    const stored = () => env.sql<{ organization_id: string; body: string }>('select organization_id, body from inbound_messages where smsc_message_ref = ?', [smscMessageRef]);
    await until(async () => (await stored()).length > 0, 'the message stored', 10_000);
    await until(async () => reports.some((r) => r.smscMessageRef === smscMessageRef && r.acknowledged), 'the deliver_sm acknowledged', 10_000);
    expect(await stored()).toEqual([{ organization_id: org.id, body: 'Habari, bado mko wazi?' }]);
    // Written once: it was never sent again, the link never ended.
    expect(reports.filter((r) => r.smscMessageRef === smscMessageRef && !r.acknowledged)).toHaveLength(1);
    expect(h.sim.stats().resent).toBe(0);
  }, 40_000);
});
