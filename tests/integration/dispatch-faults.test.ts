// Dispatch under faults, against the SMSC simulator over real SMPP: nothing that may have left is sent again,
// receipts are stored before they are acknowledged, late answers settle unknown messages, a stop hands work back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulatorOptions } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider, type SmppProviderOptions } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import { mulberry32 } from '../../bench/chaos/random.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { expectWalletInvariant as expectInvariant } from '../support/money.ts';

let env: TestEnv;
let org: OrgFixture;
let serial = 0;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 300 });
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const quiet = { info: () => {}, warn: () => {} };


/** A simulator, a provider bound to it and a dispatcher over both, stopped after the test. */
async function rig(simOptions: Partial<SmscSimulatorOptions> = {}, providerOptions: Partial<SmppProviderOptions> = {}) {
  const submits: SimulatedSubmit[] = [];
  const sim = await startSmscSimulator({ port: 0, dlrDelayMs: 30, ...simOptions, onSubmit: (s) => submits.push(s) });
  const provider = createSmppProvider({ url: sim.url, tps: 1000, window: 50, submitTimeoutMs: 300, logger: quiet, ...providerOptions });
  const state = { sim, provider, submits, dispatcher: startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 100, idleMs: 10, flushMs: 10 }) };
  cleanups.push(async () => {
    await state.dispatcher.stop();
    await provider.close();
    await state.sim.close();
  });
  return state;
}

function number(last2 = '10'): string {
  serial += 1;
  return `+2557550${String(serial).padStart(3, '0')}${last2}`;
}

async function send(to: string, body = 'Habari kutoka kwa Ujumbe'): Promise<string> {
  const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `f-${to}`).send({ to, from: 'UJUMBE', body, client_ref: `f-${to}` });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.id as string;
}

async function message(id: string) {
  const res = await request(env.app).get(`/v1/messages/${id}`).set(bearer(org.keys.live!.secret));
  return res.body.data as Record<string, unknown> & { status: string; attempts: { state: string }[]; receipts: { effect: string }[] };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ledger = (id: string) =>
  env.sql<{ kind: string }>('select kind from ledger_entries where organization_id = ? and message_id = ? order by created_at, id', [org.id, id]).then((rows) => rows.map((r) => r.kind));
const submitsTo = (submits: SimulatedSubmit[], to: string) => submits.filter((s) => `+${s.destinationAddr}` === to && s.outcome !== 'throttled');

describe('never send again what may have left', () => {
  it('a link that drops between the parts of a message: the first part went, so the message fails and is never queued again', async () => {
    // One part a second: the drop comes while part 2 waits for the pacer, and the link stays down past the timeout.
    const r = await rig({}, { tps: 1, timing: { reconnectInitialMs: 3000 } });
    const to = number();
    const id = await send(to, 'x'.repeat(200));
    await until(async () => submitsTo(r.submits, to).length, (n) => n === 1);
    r.sim.dropConnections();
    const m = await until(() => message(id), (got) => got.status !== 'accepted');
    expect(m).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('part 2 of 2') });
    expect(m.attempts.map((a) => a.state)).toEqual(['refused']);
    // Part 1 reached the SMSC once; nothing more of the message ever does.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(submitsTo(r.submits, to)).toHaveLength(1);
    expect(await ledger(id)).toEqual(['hold', 'release']);
    await expectInvariant(env, org.id);
  });
});

describe('store before acknowledging', () => {
  it('a receipt read but not yet stored when the link drops is sent again by the SMSC and applied once', async () => {
    // The receipt comes well after the answer, so the lock below is taken before it on a busy machine too.
    const r = await rig({ dlrDelayMs: 1_500 });
    const to = number();
    const id = await send(to);
    await until(() => message(id), (got) => got.status === 'submitted');
    // The receipt's write waits on this lock: read, not yet stored, so not yet acknowledged.
    const blocker = await (await import('../../core/db/sql.ts')).nativePool(env.orm.em).then((pool) => pool.connect());
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from messages where organization_id = $1 and id = $2 for update', [org.id, id]);
      await until(async () => r.sim.stats().receipts, (n) => n >= 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      r.sim.dropConnections();
      await until(async () => r.sim.stats().resent, (n) => n >= 1);
    } finally {
      await blocker.query('commit');
      blocker.release();
    }
    const m = await until(() => message(id), (got) => got.status === 'delivered' && got.receipts.length === 2);
    expect(m.receipts.map((x) => x.effect).sort()).toEqual(['delivered', 'none']);
    expect(await ledger(id)).toEqual(['hold', 'capture']);
  });
});

describe('receipts apply wherever they arrive', () => {
  it('three workers, receipts on a random one of their links and some before the answer: every message final at once, none left early', async () => {
    const submits: SimulatedSubmit[] = [];
    const sim = await startSmscSimulator({
      port: 0,
      dlrDelayMs: 20,
      random: mulberry32(21),
      faults: { receiptsOnAnyLink: true, receiptFirstFraction: 0.3, duplicateReceiptFraction: 0.1 },
      onSubmit: (x) => submits.push(x),
    });
    const workers = Array.from({ length: 3 }, () => {
      const provider = createSmppProvider({ url: sim.url, tps: 1000, window: 50, submitTimeoutMs: 2000, logger: quiet });
      return { provider, dispatcher: startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 60, idleMs: 5, flushMs: 10 }) };
    });
    cleanups.push(async () => {
      for (const w of workers) await w.dispatcher.stop();
      for (const w of workers) await w.provider.close();
      await sim.close();
    });
    const numbers = Array.from({ length: 150 }, () => number());
    const ids = await Promise.all(numbers.map((to) => send(to)));
    const idList = `{${ids.join(',')}}`;
    // No tick runs here: every receipt must be applied by the flushes themselves.
    await until(
      () => env.sql<{ n: number }>("select count(*)::int as n from messages where id = any(?::uuid[]) and status = 'delivered'", [idList]),
      (rows) => rows[0]!.n === numbers.length,
      15_000,
    );
    expect(sim.stats().faulted['receipt-first']).toBeGreaterThan(10);
    expect(await env.sql("select count(*)::int as n from early_receipts where provider_id in (select provider_id from message_provider_ids where message_id = any(?::uuid[]))", [idList])).toEqual([{ n: 0 }]);
    for (const to of numbers) expect(submitsTo(submits, to)).toHaveLength(1);
    await expectInvariant(env, org.id);
  });
});

describe('late news settles unknown', () => {
  it('a submit answered after its timeout: unknown, then its late id lets the receipt settle it, charged once, never resent', async () => {
    const r = await rig({ responseDelayMs: 600, dlrDelayMs: 50 });
    const to = number();
    const id = await send(to);
    await until(() => message(id), (got) => got.status === 'unknown');
    const m = await until(() => message(id), (got) => got.status === 'delivered');
    expect(m.attempts.map((a) => a.state)).toEqual(['ambiguous']);
    expect(await ledger(id)).toEqual(['hold', 'capture']);
    expect(submitsTo(r.submits, to)).toHaveLength(1);
    const events = await env.sql<{ type: string }>("select type from outbox_events where organization_id = ? and payload->'data'->>'id' = ? order by created_at, id", [org.id, id]);
    expect(events.map((e) => e.type)).toEqual(['message.unknown', 'message.delivered']);
    await expectInvariant(env, org.id);
  });
});

describe('a stop', () => {
  it('hands back what was claimed but not written, answers what was written, and the next dispatcher sends the rest once each', async () => {
    const r = await rig({}, { tps: 4 });
    const numbers = Array.from({ length: 12 }, () => number());
    const ids = await Promise.all(numbers.map((to) => send(to)));
    await until(async () => r.submits.length, (n) => n >= 3);
    const started = performance.now();
    await r.dispatcher.stop();
    expect(performance.now() - started).toBeLessThan(3000);
    const left = await env.sql<{ n: number }>(
      "select count(*)::int as n from messages where id = any(?::uuid[]) and status = 'accepted' and submit_started_at is not null",
      [`{${ids.join(',')}}`],
    );
    expect(left[0]!.n).toBe(0);
    const sentBeforeStop = r.submits.length;
    expect(sentBeforeStop).toBeLessThan(12);
    const states = await env.sql<{ status: string }>('select status from messages where id = any(?::uuid[])', [`{${ids.join(',')}}`]);
    expect(states.filter((s) => s.status === 'unknown')).toEqual([]);
    r.dispatcher = startDispatcher(env.deps, { live: null, simulator: r.provider }, { inFlight: 100, idleMs: 10, flushMs: 10 });
    await until(
      () => env.sql<{ n: number }>("select count(*)::int as n from messages where id = any(?::uuid[]) and status = 'delivered'", [`{${ids.join(',')}}`]),
      (rows) => rows[0]!.n === 12,
      10_000,
    );
    for (const to of numbers) expect(submitsTo(r.submits, to)).toHaveLength(1);
    await expectInvariant(env, org.id);
  });
});


