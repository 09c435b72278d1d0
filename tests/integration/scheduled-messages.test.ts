// Messages sent for later (send_at) through the real dispatcher to the SMSC simulator, on the test clock: dispatched
// at their time and never before, a promotional one also waiting for the sending window after its time, the window's
// opening and closing never moving one before its time, and a cancelled one never sent, its hold released.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { runDueTransitions } from '../../core/app/tick.ts';
import { setSendingWindow } from '../../core/app/platform/settings.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { expectWalletInvariant, walletOf } from '../support/money.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNIT = 2000;
const PROMO_UNIT = 2500;

let env: TestEnv;
let org: OrgFixture;
let simulator: SmscSimulator;
let provider: SmsProvider;
let dispatcher: { stop(): Promise<void> };
const submits: SimulatedSubmit[] = [];

/** Each test starts on its own day at 12:00 in Dar es Salaam (the window, 08:00 to 20:00, open), later than the last. */
let day = 0;
function nextNoon(): Date {
  day += 3;
  const at = new Date(Date.parse('2026-11-22T09:00:00Z') + day * DAY);
  env.clock.set(at);
  return at;
}

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 400 });
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 20, onSubmit: (s) => submits.push(s) });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 50, submitTimeoutMs: 400, logger: { info: () => {}, warn: () => {} } });
  dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 100, idleMs: 20, flushMs: 10 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await provider?.close();
  await simulator?.close();
});

let serial = 0;
const freshNumber = () => `+2557541${String(++serial).padStart(4, '0')}0`;

async function send(body: Record<string, unknown>) {
  const res = await request(env.app)
    .post('/v1/messages')
    .set(bearer(org.keys.live!.secret))
    .set('X-Idempotency-Key', randomUUID())
    .send({ from: 'UJUMBE', body: 'Habari, tutaonana kesho', client_ref: `later-${serial}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data as Record<string, any>;
}

async function get(id: string) {
  return (await request(env.app).get(`/v1/messages/${id}`).set(bearer(org.keys.live!.secret))).body.data as Record<string, any>;
}

const sentTo = (to: string) => submits.filter((s) => `+${s.destinationAddr}` === to).length;

/** The dispatcher polls every 20 ms: a second is many rounds in which it could have claimed the message. */
async function staysQueued(id: string, to: string) {
  await new Promise((r) => setTimeout(r, 1000));
  const m = await get(id);
  expect(m).toMatchObject({ status: 'accepted', attempts: [] });
  expect(sentTo(to)).toBe(0);
  return m;
}

const delivered = (id: string) => expect.poll(async () => (await get(id)).status, { timeout: 10_000, interval: 50 }).toBe('delivered');

async function tickAt(at: Date) {
  env.clock.set(at);
  return runDueTransitions(await env.ctx());
}

async function consentingNumber(): Promise<string> {
  const owner = await signInAs(env, org.members.owner!);
  const phone = freshNumber();
  const res = await owner.agent.post('/v1/contacts').set('X-CSRF-Token', owner.csrf).send({ phone, consent: { note: 'wants offers' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return phone;
}

const dispatchAfter = async (id: string) => new Date((await env.sql<{ d: string }>('select dispatch_after as d from messages where id = ?', [id]))[0]!.d).toISOString();

describe('a message sent for later', () => {
  it('is accepted with its price held at once, and dispatched at its time, not before', async () => {
    const noon = nextNoon();
    const before = await walletOf(env, org.id);
    const sendAt = new Date(noon.getTime() + 10 * MINUTE);
    const to = freshNumber();
    const m = await send({ to, send_at: sendAt.toISOString() });
    expect(m).toMatchObject({ status: 'accepted', send_at: sendAt.toISOString(), held_until: sendAt.toISOString(), expires_at: new Date(sendAt.getTime() + 72 * HOUR).toISOString() });
    expect((await walletOf(env, org.id)).held).toBe(before.held + BigInt(UNIT));

    await staysQueued(m.id, to);
    env.clock.set(new Date(sendAt.getTime() - 1000));
    await staysQueued(m.id, to);
    env.clock.set(sendAt);
    await delivered(m.id);
    expect(sentTo(to)).toBe(1);
    expect((await get(m.id)).price).toMatchObject({ total: UNIT, charged: true });
    await expectWalletInvariant(env, org.id);
  });

  it('with a ttl: it may wait the ttl after its time, then expires unsent with its hold released', async () => {
    const noon = nextNoon();
    const sendAt = new Date(noon.getTime() + 2 * HOUR);
    // The dispatcher takes it at its time unless the clock jumps past it: here it jumps past its ttl too.
    const m = await send({ to: freshNumber(), send_at: sendAt.toISOString(), ttl: 600 });
    expect(m.expires_at).toBe(new Date(sendAt.getTime() + 600_000).toISOString());
    await dispatcher.stop();
    try {
      await tickAt(new Date(sendAt.getTime() + 599_000));
      expect((await get(m.id)).status).toBe('accepted');
      await tickAt(new Date(sendAt.getTime() + 600_000));
      expect(await get(m.id)).toMatchObject({ status: 'expired', price: { charged: false } });
    } finally {
      dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 100, idleMs: 20, flushMs: 10 });
    }
    await expectWalletInvariant(env, org.id);
  });
});

describe('a promotional message sent for later', () => {
  it('for a time the window is closed waits for the next opening after it', async () => {
    const noon = nextNoon();
    const to = await consentingNumber();
    // 21:00 in Dar es Salaam: closed until 08:00 the next morning.
    const sendAt = new Date(noon.getTime() + 9 * HOUR);
    const opening = new Date(noon.getTime() + 20 * HOUR);
    const m = await send({ to, traffic_class: 'promotional', send_at: sendAt.toISOString() });
    expect(m).toMatchObject({ send_at: sendAt.toISOString(), held_until: opening.toISOString(), price: { total: PROMO_UNIT } });
    expect(await dispatchAfter(m.id)).toBe(opening.toISOString());

    // Its time comes with the window closed: the tick keeps it for the opening, and nothing leaves.
    await tickAt(new Date(sendAt.getTime() + MINUTE));
    expect((await staysQueued(m.id, to)).held_until).toBe(opening.toISOString());
    env.clock.set(new Date(opening.getTime() - 1000));
    await staysQueued(m.id, to);
    env.clock.set(opening);
    await delivered(m.id);
  });

  it('is never released early by the window: not when it is open, not at its closing, not at its opening', async () => {
    const noon = nextNoon();
    const to = await consentingNumber();
    // Noon the next day: the window is open then, so it goes at its time.
    const sendAt = new Date(noon.getTime() + DAY);
    const m = await send({ to, traffic_class: 'promotional', send_at: sendAt.toISOString() });
    expect(m.held_until).toBe(sendAt.toISOString());

    for (const at of [new Date(noon.getTime() + MINUTE), new Date(noon.getTime() + 8 * HOUR + MINUTE), new Date(noon.getTime() + 20 * HOUR)]) {
      const moved = await tickAt(at);
      expect([at.toISOString(), moved.messages_released_by_window, moved.messages_held_for_window]).toEqual([at.toISOString(), 0, 0]);
      expect(await dispatchAfter(m.id)).toBe(sendAt.toISOString());
      expect((await staysQueued(m.id, to)).held_until).toBe(sendAt.toISOString());
    }
    env.clock.set(sendAt);
    await delivered(m.id);
  });
});

describe('the window’s times change before a promotional message’s time', () => {
  it('re-times it to the new window: at its time when the new window is open then, else at the next opening after it', async () => {
    const noon = nextNoon();
    const to = await consentingNumber();
    // 21:00 in Dar es Salaam the next day: closed under 08:00 to 20:00, so held for 08:00 the morning after.
    const sendAt = new Date(noon.getTime() + DAY + 9 * HOUR);
    const m = await send({ to, traffic_class: 'promotional', send_at: sendAt.toISOString() });
    expect(m.held_until).toBe(new Date(noon.getTime() + DAY + 20 * HOUR).toISOString());
    try {
      // Open until 22:00: it goes at its time.
      expect((await setSendingWindow(await env.ctx(), '08:00', '22:00')).messages_rescheduled).toBe(1);
      expect([(await get(m.id)).held_until, await dispatchAfter(m.id)]).toEqual([sendAt.toISOString(), sendAt.toISOString()]);
      // Opening at 10:00: held for 10:00 the morning after, never earlier than its time.
      expect((await setSendingWindow(await env.ctx(), '10:00', '20:00')).messages_rescheduled).toBe(1);
      const tenAfter = new Date(noon.getTime() + DAY + 22 * HOUR).toISOString();
      expect([(await get(m.id)).held_until, await dispatchAfter(m.id)]).toEqual([tenAfter, tenAfter]);
    } finally {
      await setSendingWindow(await env.ctx(), '08:00', '20:00');
    }
    await request(env.app).post(`/v1/messages/${m.id}/cancel`).set(bearer(org.keys.live!.secret)).send({}).expect(200);
  });
});

describe('cancelling a message sent for later', () => {
  it('cancels it with its hold released (a ledger entry, a message.cancelled event), answers a repeat as a replay, and never sends it', async () => {
    const noon = nextNoon();
    const before = await walletOf(env, org.id);
    const sendAt = new Date(noon.getTime() + HOUR);
    const to = freshNumber();
    const m = await send({ to, send_at: sendAt.toISOString() });
    expect(await walletOf(env, org.id)).toMatchObject({ available: before.available - BigInt(UNIT), held: before.held + BigInt(UNIT) });

    const cancelAt = new Date(noon.getTime() + 5 * MINUTE);
    env.clock.set(cancelAt);
    const cancel = () => request(env.app).post(`/v1/messages/${m.id}/cancel`).set(bearer(org.keys.live!.secret)).send({});
    const first = await cancel();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers['x-idempotent-replay']).toBeUndefined();
    expect(first.body.data).toMatchObject({
      id: m.id,
      status: 'cancelled',
      send_at: sendAt.toISOString(),
      final_at: cancelAt.toISOString(),
      failure_reason: 'the message was cancelled before it was sent',
      failure_explanation: { code: 'cancelled' },
      price: { total: UNIT, charged: false },
    });
    expect(await walletOf(env, org.id)).toEqual(before);
    const ledger = await env.sql<{ kind: string; amount: string }>('select kind, amount::text as amount from ledger_entries where message_id = ? order by id', [m.id]);
    expect(ledger).toEqual([
      { kind: 'hold', amount: String(UNIT) },
      { kind: 'release', amount: String(UNIT) },
    ]);
    const events = await env.sql<{ type: string }>("select type from outbox_events where payload->'data'->>'id' = ? order by id", [m.id]);
    expect(events.map((e) => e.type)).toEqual(['message.cancelled']);

    const again = await cancel();
    expect(again.status).toBe(200);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(await env.sql('select 1 from ledger_entries where message_id = ?', [m.id])).toHaveLength(2);

    env.clock.set(new Date(sendAt.getTime() + MINUTE));
    await new Promise((r) => setTimeout(r, 1000));
    expect(sentTo(to)).toBe(0);
    expect((await get(m.id)).status).toBe('cancelled');
    await expectWalletInvariant(env, org.id);
  });

  it('a delivered message is 409 message_not_cancellable and keeps its charge', async () => {
    nextNoon();
    const m = await send({ to: freshNumber() });
    await delivered(m.id);
    const res = await request(env.app).post(`/v1/messages/${m.id}/cancel`).set(bearer(org.keys.live!.secret)).send({});
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([409, 'message_not_cancellable', 'The message can no longer be cancelled: it is already delivered.']);
    expect((await get(m.id)).price.charged).toBe(true);
  });
});
