// Live messages through the dispatcher to the SMSC simulator over real SMPP: outcomes, money, receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { runDueTransitions } from '../../core/app/tick.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let simulator: SmscSimulator;
let provider: SmsProvider;
let dispatcher: { stop(): Promise<void> };
const submits: SimulatedSubmit[] = [];
let serial = 0;

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 400 });
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 50, onSubmit: (s) => submits.push(s) });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 50, submitTimeoutMs: 400, logger: { info: () => {}, warn: () => {} } });
  dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 100, idleMs: 20, flushMs: 10 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await provider?.close();
  await simulator?.close();
});

/** A unique number ending in the given two digits (the simulator's outcome). */
function number(last2: string): string {
  serial += 1;
  return `+2557540${String(serial).padStart(3, '0')}${last2}`;
}

async function send(to: string, body = 'Habari kutoka kwa Ujumbe') {
  const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `k-${to}-${body.length}`).send({ to, from: 'UJUMBE', body, client_ref: `ref-${to}` });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data as { id: string; price: { total: number } };
}

async function waitFor(id: string, done: (m: Record<string, unknown>) => boolean, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const m = (await request(env.app).get(`/v1/messages/${id}`).set(bearer(org.keys.live!.secret))).body.data as Record<string, unknown>;
    if (done(m)) return m;
    if (Date.now() > end) throw new Error(`timed out; last seen ${JSON.stringify(m).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const walletRow = async () => (await env.sql<{ available: string; held: string; captured: string; credited: string }>('select * from wallets where organization_id = ?', [org.id]))[0]!;

describe('dispatch to the simulator', () => {
  it.each([
    ['10', 'delivered', true],
    ['92', 'undelivered', true],
    ['91', 'failed', false],
    ['95', 'submitted', true],
  ])('a number ending %s ends %s (charged: %s)', async (last2, status, charged) => {
    const sent = await send(number(last2));
    const done = await waitFor(sent.id, (m) => m['status'] === status && (m['price'] as { charged: boolean }).charged === charged);
    if (status === 'failed') expect(done['failure_reason']).toMatch(/refused|0x45|submit/i);
    if (status === 'delivered' || status === 'undelivered') {
      expect(done['final_at']).not.toBeNull();
      expect((done['receipts'] as { delivery: string; effect: string }[])[0]).toMatchObject({ delivery: status, effect: status });
    }
    expect((done['attempts'] as { number: number; state: string }[]).map((a) => [a.number, a.state])).toEqual([[1, status === 'failed' ? 'refused' : 'submitted']]);
  });

  it('no submit response: unknown after the timeout, one attempt, the hold kept, never resent', async () => {
    const before = await walletRow();
    const sent = await send(number('93'));
    await waitFor(sent.id, (m) => m['status'] === 'unknown');
    await new Promise((r) => setTimeout(r, 1000));
    const later = await waitFor(sent.id, () => true);
    expect(later['status']).toBe('unknown');
    expect((later['attempts'] as unknown[]).length).toBe(1);
    expect(submits.filter((s) => `+${s.destinationAddr}` === (later['to'] as string)).length).toBe(1);
    const after = await walletRow();
    expect(BigInt(after.held) - BigInt(before.held)).toBe(BigInt(sent.price.total));
  });

  it('a receipt sent twice is recorded twice and charges once', async () => {
    const before = await walletRow();
    const sent = await send(number('96'));
    const done = await waitFor(sent.id, (m) => (m['receipts'] as unknown[]).length >= 2);
    expect(done['status']).toBe('delivered');
    expect((done['receipts'] as { effect: string }[]).map((r) => r.effect).sort()).toEqual(['delivered', 'none']);
    const after = await walletRow();
    expect(BigInt(before.available) - BigInt(after.available)).toBe(BigInt(sent.price.total));
  });

  it('a three-part message goes out as three concatenated parts and is delivered when every part is', async () => {
    const body = 'Ujumbe '.repeat(60).trim();
    const to = number('10');
    const sent = await send(to, body);
    const done = await waitFor(sent.id, (m) => m['status'] === 'delivered');
    expect(done['segments']).toBe(3);
    const parts = submits.filter((s) => `+${s.destinationAddr}` === to);
    expect(parts).toHaveLength(3);
    expect(parts.every((p) => (p.esmClass & 0x40) === 0x40)).toBe(true);
    expect((done['receipts'] as unknown[]).length).toBe(3);
  });

  it('a UCS-2 message goes out with data_coding 8, and the ascii route with data_coding 1', async () => {
    const swahiliEmoji = 'Karibu 🙂 dukani';
    const to = number('10');
    const sent = await send(to, swahiliEmoji);
    await waitFor(sent.id, (m) => m['status'] === 'delivered');
    const ucs2 = submits.filter((s) => `+${s.destinationAddr}` === to);
    expect(ucs2.map((s) => s.dataCoding)).toEqual([0x08]);
    expect(Buffer.from(ucs2[0]!.shortMessage).swap16().toString('utf16le')).toBe(swahiliEmoji);
    const { setSmsRoute } = await import('../../core/app/platform/settings.ts');
    await setSmsRoute(await env.ctx(), 'ascii');
    try {
      const to2 = number('10');
      const sent2 = await send(to2, 'Habari yako');
      await waitFor(sent2.id, (m) => m['status'] === 'delivered');
      const ascii = submits.filter((s) => `+${s.destinationAddr}` === to2);
      expect(ascii.map((s) => [s.dataCoding, Buffer.from(s.shortMessage).toString('latin1')])).toEqual([[0x01, 'Habari yako']]);
    } finally {
      await setSmsRoute(await env.ctx(), 'gsm0338');
    }
  });

  it('after every outcome the wallet keeps its invariant and nothing is left held but unknown messages', async () => {
    const w = await walletRow();
    expect(BigInt(w.credited)).toBe(BigInt(w.available) + BigInt(w.held) + BigInt(w.captured));
    const [held] = await env.sql<{ n: string }>("select coalesce(sum(total), 0) as n from messages where organization_id = ? and charge = 'held'", [org.id]);
    expect(BigInt(held!.n)).toBe(BigInt(w.held));
    const [unknownHeld] = await env.sql<{ n: number }>("select count(*)::int as n from messages where organization_id = ? and charge = 'held' and status not in ('unknown')", [org.id]);
    expect(unknownHeld!.n).toBe(0);
  });

  it('an answer lost with its dispatcher: the message becomes unknown at the next tick and is never sent again', async () => {
    await dispatcher.stop();
    try {
      const to = number('10');
      const sent = await send(to);
      // What a dispatcher that died after the mark leaves behind: its claim and the attempt written before the submit.
      await env.sql('update messages set submit_started_at = ? where id = ?', [new Date('2026-11-22T08:00:00Z'), sent.id]);
      await env.sql("insert into message_attempts (organization_id, message_id, number, state, started_at) values (?, ?, 1, 'submitting', ?)", [org.id, sent.id, new Date('2026-11-22T08:00:00Z')]);
      await runDueTransitions(await env.ctx());
      const m = await waitFor(sent.id, () => true);
      expect(m['status']).toBe('unknown');
      expect(submits.some((s) => `+${s.destinationAddr}` === to)).toBe(false);
    } finally {
      dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 100, idleMs: 20, flushMs: 10 });
    }
  });

  it('two dispatchers side by side (two workers) never submit one message twice', async () => {
    await dispatcher.stop();
    const second = createSmppProvider({ url: simulator.url, tps: 1000, window: 50, submitTimeoutMs: 400, logger: { info: () => {}, warn: () => {} } });
    const batch = `batch-${Date.now()}`;
    await env.sql(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
         unit_amount, total, charge, dispatch_after, expires_at, created_at, updated_at)
       select gen_random_uuid(), ?, false, 'accepted', '+2557561' || lpad(g::text, 3, '0') || '10', 'UJUMBE', 'Habari', 'transactional', ?,
         'gsm7', 1, 0, 0, 'held', ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::timestamptz
       from generate_series(1, 300) g`,
      [org.id, batch, '2026-11-22T08:00:00Z', '2026-11-23T08:00:00Z', '2026-11-22T08:00:00Z', '2026-11-22T08:00:00Z'],
    );
    const a = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 40, idleMs: 5, flushMs: 10 });
    const b = startDispatcher(env.deps, { live: null, simulator: second }, { inFlight: 40, idleMs: 5, flushMs: 10 });
    try {
      const end = Date.now() + 20_000;
      for (;;) {
        const [left] = await env.sql<{ n: number }>("select count(*)::int as n from messages where client_ref = ? and status <> 'delivered'", [batch]);
        if (left!.n === 0) break;
        if (Date.now() > end) throw new Error(`${left!.n} messages not delivered`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const counts = new Map<string, number>();
      for (const s of submits.filter((x) => x.destinationAddr.startsWith('2557561'))) counts.set(s.destinationAddr, (counts.get(s.destinationAddr) ?? 0) + 1);
      expect(counts.size).toBe(300);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
      dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 100, idleMs: 20, flushMs: 10 });
    }
  }, 30_000);
});
