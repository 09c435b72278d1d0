// Time-driven message moves run by the tick (runDueTransitions) on the real database: an accepted message past
// its ttl expires and its hold goes back; a promotional message held for the window waits for the opening and
// expires if its ttl ends first; a submit that never answered leaves the message unknown, never resent; an
// unknown message keeps its hold for seven days, then the hold is released and it stays unknown.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { runDueTransitions } from '../../core/app/tick.ts';
import { claimDue, markWriting } from '../../core/app/messages/claim-due.ts';
import { heartbeat } from '../../core/app/messages/dispatchers.ts';
import { settleLostClaims } from '../../core/app/messages/lost-claims.ts';
import { nativePool } from '../../core/db/sql.ts';
import { setSendingWindow } from '../../core/app/platform/settings.ts';
import { isWindowOpen } from '../../core/domain/sending-window.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { expectWalletInvariant as expectInvariant, walletOf } from '../support/money.ts';

let env: TestEnv;

const DAY = 86_400_000;
const UNIT = 2000;
const PROMO_UNIT = 2500;
const SENDER = { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true };

/** Each test starts at its own day (12:00 in Dar es Salaam), later than the previous test's, so time only moves forward. */
let day = 0;
function nextBase(): Date {
  day += 40;
  return new Date(Date.parse('2026-11-22T09:00:00Z') + day * DAY);
}

beforeAll(async () => {
  env = await setupTestEnv();
});

let serial = 0;
const freshNumber = () => `+255754${String(10000 + ++serial).slice(-5)}3`;

async function newOrg(): Promise<OrgFixture> {
  return createOrg(env, { credit: 1_000_000n, senders: [SENDER], members: { owner: 'owner' }, keys: { live: { mode: 'live' } } });
}

async function send(o: OrgFixture, body: Record<string, unknown> = {}) {
  const res = await request(env.app)
    .post('/v1/messages')
    .set(bearer(o.keys.live!.secret))
    .set('X-Idempotency-Key', randomUUID())
    .send({ to: freshNumber(), from: 'UJUMBE', body: 'Habari', client_ref: `ref-${++serial}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data as Record<string, any>;
}

async function getMessage(o: OrgFixture, id: string) {
  const res = await request(env.app).get(`/v1/messages/${id}`).set(bearer(o.keys.live!.secret));
  expect(res.status).toBe(200);
  return res.body.data as Record<string, any>;
}

async function tickAt(at: Date) {
  env.clock.set(at);
  return runDueTransitions(await env.ctx());
}

/** What a dispatcher does up to the first write: the claim, then the attempt that says the message may have left. */
async function claimAt(at: Date, windowOpen = true) {
  const claimed = await claimOnlyAt(at, windowOpen);
  await markWriting(await nativePool((await env.ctx()).em), at, claimed);
  return claimed;
}

/** A claim whose dispatcher died before it wrote anything. */
async function claimOnlyAt(at: Date, windowOpen = true) {
  env.clock.set(at);
  const pool = await nativePool((await env.ctx()).em);
  return claimDue(pool, at, 10_000, windowOpen);
}

const wallet = (orgId: string) => walletOf(env, orgId);
const expectWalletInvariant = (orgId: string) => expectInvariant(env, orgId);

async function ledgerOf(orgId: string, messageId: string) {
  return env.sql<{ kind: string; amount: string; actor_type: string }>(
    'select kind, amount::text as amount, actor_type from ledger_entries where organization_id = ? and message_id = ? order by id',
    [orgId, messageId],
  );
}

async function eventsOf(orgId: string, messageId: string) {
  return env.sql<{ type: string; payload: { type: string; timestamp: string; data: Record<string, unknown> } }>(
    "select type, payload from outbox_events where organization_id = ? and payload->'data'->>'id' = ? order by created_at, id",
    [orgId, messageId],
  );
}

async function row(orgId: string, id: string) {
  const [r] = await env.sql<{ status: string; charge: string; final_at: Date | null; submit_started_at: Date | null; failure_reason: string | null }>(
    'select status, charge, final_at, submit_started_at, failure_reason from messages where organization_id = ? and id = ?',
    [orgId, id],
  );
  return r!;
}

async function consented(o: OrgFixture): Promise<string> {
  const owner = await signInAs(env, o.members.owner!);
  const phone = freshNumber();
  const res = await owner.agent.post('/v1/contacts').set('X-CSRF-Token', owner.csrf).send({ phone, consent: { note: 'yes please' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return phone;
}

describe('expiry before dispatch', () => {
  it('an accepted live message past its ttl expires: final_at, failure_reason, hold released, a message.expired event', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const start = await wallet(o.id);
    const m = await send(o, { ttl: 60, client_ref: 'expiring-1' });
    expect(m.expires_at).toBe(new Date(base.getTime() + 60_000).toISOString());
    expect((await wallet(o.id)).held).toBe(start.held + BigInt(UNIT));

    // Before the ttl ends nothing moves.
    await tickAt(new Date(base.getTime() + 59_000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'accepted', charge: 'held', final_at: null });
    expect((await wallet(o.id)).held).toBe(BigInt(UNIT));

    const at = new Date(base.getTime() + 61_000);
    const result = await tickAt(at);
    expect(result.messages_expired).toBeGreaterThanOrEqual(1);
    const got = await getMessage(o, m.id);
    expect(got).toMatchObject({
      id: m.id,
      status: 'expired',
      final_at: at.toISOString(),
      updated_at: at.toISOString(),
      failure_reason: expect.stringMatching(/\S/),
      price: { unit_amount: UNIT, total: UNIT, charged: false },
      attempts: [],
      receipts: [],
    });
    expect(await row(o.id, m.id)).toMatchObject({ status: 'expired', charge: 'released', submit_started_at: null });
    expect(await wallet(o.id)).toEqual(start);
    expect(await ledgerOf(o.id, m.id)).toEqual([
      { kind: 'hold', amount: String(UNIT), actor_type: 'api_key' },
      { kind: 'release', amount: String(UNIT), actor_type: 'system' },
    ]);
    const events = await eventsOf(o.id, m.id);
    expect(events.map((e) => e.type)).toEqual(['message.expired']);
    expect(events[0]!.payload).toMatchObject({ type: 'message.expired', timestamp: at.toISOString(), data: { id: m.id, status: 'expired', client_ref: 'expiring-1' } });
    await expectWalletInvariant(o.id);

    // A later tick changes nothing: one release, one event.
    await tickAt(new Date(at.getTime() + DAY));
    expect(await ledgerOf(o.id, m.id)).toHaveLength(2);
    expect(await eventsOf(o.id, m.id)).toHaveLength(1);
    expect((await getMessage(o, m.id)).final_at).toBe(at.toISOString());
    await expectWalletInvariant(o.id);
  });

  it('without a ttl an undispatched message expires after the longest ttl (72 hours), not before', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const m = await send(o);
    await tickAt(new Date(base.getTime() + 71 * 3600_000));
    expect((await row(o.id, m.id)).status).toBe('accepted');
    await tickAt(new Date(base.getTime() + 72 * 3600_000 + 1000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'expired', charge: 'released' });
    expect((await wallet(o.id)).held).toBe(0n);
    await expectWalletInvariant(o.id);
  });

  it('only the expired message moves: another of the organization with a longer ttl keeps its hold', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const short = await send(o, { ttl: 30 });
    const long = await send(o, { ttl: 3600, body: 'a'.repeat(161) });
    await tickAt(new Date(base.getTime() + 31_000));
    expect((await row(o.id, short.id)).status).toBe('expired');
    expect(await row(o.id, long.id)).toMatchObject({ status: 'accepted', charge: 'held' });
    expect((await wallet(o.id)).held).toBe(BigInt(UNIT * 2));
    await expectWalletInvariant(o.id);
  });
});

describe('promotional messages held for the sending window', () => {

  it('accepted at 21:00 in Dar es Salaam: not claimed while held, claimed at the opening; a transactional one at once', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const to = await consented(o);
    const evening = new Date(base.getTime() + 9 * 3600_000); // 18:00Z = 21:00 EAT
    env.clock.set(evening);
    const promo = await send(o, { to, traffic_class: 'promotional' });
    const opening = new Date(base.getTime() + 20 * 3600_000); // next day 05:00Z = 08:00 EAT
    expect(promo.held_until).toBe(opening.toISOString());
    const tx = await send(o);

    const ours = (claimed: { id: string }[]) => claimed.map((c) => c.id).filter((id) => id === promo.id || id === tx.id);
    expect(ours(await claimAt(evening, false))).toEqual([tx.id]);
    // Even a claim that thinks the window is open leaves it before held_until.
    expect(ours(await claimAt(new Date(opening.getTime() - 1000), true))).toEqual([]);
    // The tick does not expire or move it while it waits.
    await tickAt(new Date(opening.getTime() - 1000));
    expect(await row(o.id, promo.id)).toMatchObject({ status: 'accepted', charge: 'held', submit_started_at: null });
    const claimed = await claimAt(opening, true);
    expect(ours(claimed)).toEqual([promo.id]);
    expect(claimed.find((c) => c.id === promo.id)).toMatchObject({ to_phone: to, attempt: 1, encoding: 'gsm7', segments: 1 });
    await expectWalletInvariant(o.id);
  });

  it('its ttl ending before the window opens: expired, hold released', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const to = await consented(o);
    const evening = new Date(base.getTime() + 9 * 3600_000);
    env.clock.set(evening);
    const start = await wallet(o.id);
    const m = await send(o, { to, traffic_class: 'promotional', ttl: 3600 });
    expect(m.held_until).not.toBeNull();
    expect((await wallet(o.id)).held).toBe(start.held + BigInt(PROMO_UNIT));
    const at = new Date(evening.getTime() + 3600_000 + 1000);
    await tickAt(at);
    const got = await getMessage(o, m.id);
    expect(got).toMatchObject({ status: 'expired', final_at: at.toISOString(), price: { charged: false } });
    expect(await wallet(o.id)).toEqual(start);
    expect(await ledgerOf(o.id, m.id)).toEqual([
      { kind: 'hold', amount: String(PROMO_UNIT), actor_type: 'api_key' },
      { kind: 'release', amount: String(PROMO_UNIT), actor_type: 'system' },
    ]);
    expect((await eventsOf(o.id, m.id)).map((e) => e.type)).toEqual(['message.expired']);
    // Expired, it is never claimed at the opening.
    const claimed = await claimAt(new Date(base.getTime() + 20 * 3600_000), true);
    expect(claimed.map((c) => c.id)).not.toContain(m.id);
    await expectWalletInvariant(o.id);
  });
});

describe('a change of the sending window re-times the messages held for it', () => {
  const setWindow = async (opens: string, closes: string) => setSendingWindow(await env.ctx(), opens, closes);
  /** Claims as the dispatcher does: the window's state now decides whether promotional messages may go. */
  const claimNow = async (at: Date) => {
    const window = (await env.sql<{ window_opens: string; window_closes: string }>('select window_opens, window_closes from platform_settings where id'))[0]!;
    return (await claimAt(at, isWindowOpen({ opens: window.window_opens, closes: window.window_closes }, at))).map((c) => c.id);
  };
  afterEach(async () => {
    await setWindow('08:00', '20:00');
  });

  /** A promotional message sent at 21:00 in Dar es Salaam, held until 08:00 the next day. */
  async function heldOvernight() {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const to = await consented(o);
    const evening = new Date(base.getTime() + 9 * 3600_000); // 21:00 EAT
    env.clock.set(evening);
    const promo = await send(o, { to, traffic_class: 'promotional' });
    const eight = new Date(base.getTime() + 20 * 3600_000); // 08:00 EAT the next day
    expect(promo.held_until).toBe(eight.toISOString());
    return { o, evening, promo, eight };
  }

  it('opened all day while a message waits for 08:00: it goes at once, held_until the moment of the change', async () => {
    const { o, evening, promo } = await heldOvernight();
    const change = new Date(evening.getTime() + 60_000);
    env.clock.set(change);
    expect(await claimNow(change)).not.toContain(promo.id);

    const result = await setWindow('00:00', '00:00');
    expect(result.messages_released).toBeGreaterThanOrEqual(1);
    expect(await getMessage(o, promo.id)).toMatchObject({ status: 'accepted', held_until: change.toISOString() });
    expect(await claimNow(change)).toContain(promo.id);
    await expectWalletInvariant(o.id);
  });

  it('moved later, then earlier, while a message waits: it waits for each new next opening, not the old one', async () => {
    const { o, evening, promo, eight } = await heldOvernight();

    const later = await setWindow('10:00', '20:00');
    expect(later.messages_held).toBeGreaterThanOrEqual(1);
    const ten = new Date(eight.getTime() + 2 * 3600_000);
    expect((await getMessage(o, promo.id)).held_until).toBe(ten.toISOString());
    // Not at the old opening, even by a claim that believes the window open.
    expect((await claimAt(eight, true)).map((c) => c.id)).not.toContain(promo.id);

    env.clock.set(evening);
    await setWindow('06:00', '20:00');
    const six = new Date(eight.getTime() - 2 * 3600_000);
    expect((await getMessage(o, promo.id)).held_until).toBe(six.toISOString());
    expect(await claimNow(new Date(six.getTime() - 1000))).not.toContain(promo.id);
    expect(await claimNow(six)).toContain(promo.id);
    await expectWalletInvariant(o.id);
  });

  it('closed over a queued message, it is held until the new opening; opened again, it goes', async () => {
    const base = nextBase(); // 12:00 EAT, the window open
    env.clock.set(base);
    const o = await newOrg();
    const to = await consented(o);
    const promo = await send(o, { to, traffic_class: 'promotional' });
    expect(promo.held_until).toBeNull();

    const closed = await setWindow('13:00', '20:00');
    expect(closed.messages_held).toBeGreaterThanOrEqual(1);
    const one = new Date(base.getTime() + 3600_000);
    expect((await getMessage(o, promo.id)).held_until).toBe(one.toISOString());
    expect(await claimNow(base)).not.toContain(promo.id);

    const reopen = new Date(base.getTime() + 30 * 60_000);
    env.clock.set(reopen);
    await setWindow('08:00', '20:00');
    expect((await getMessage(o, promo.id)).held_until).toBe(reopen.toISOString());
    expect(await claimNow(reopen)).toContain(promo.id);
    await expectWalletInvariant(o.id);
  });
});

describe('a submit that never answered', () => {
  it('a message whose submit started moments ago is left alone', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const m = await send(o);
    expect((await claimAt(base)).map((c) => c.id)).toContain(m.id);
    await tickAt(new Date(base.getTime() + 1000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'accepted', charge: 'held' });
    await expectWalletInvariant(o.id);
  });

  it('marked submit-started long ago and still accepted: unknown, hold kept, never claimed again', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const m = await send(o, { client_ref: 'lost-1' });
    const claimed = await claimAt(base);
    expect(claimed.filter((c) => c.id === m.id)).toHaveLength(1);
    const at = new Date(base.getTime() + 10 * 60_000);
    const result = await tickAt(at);
    expect(result.messages_lost_in_submit).toBeGreaterThanOrEqual(1);
    const got = await getMessage(o, m.id);
    expect(got).toMatchObject({ status: 'unknown', final_at: null, updated_at: at.toISOString(), price: { total: UNIT, charged: false } });
    expect(got.attempts).toHaveLength(1);
    expect(await row(o.id, m.id)).toMatchObject({ status: 'unknown', charge: 'held' });
    expect((await wallet(o.id)).held).toBe(BigInt(UNIT));
    expect(await ledgerOf(o.id, m.id)).toEqual([{ kind: 'hold', amount: String(UNIT), actor_type: 'api_key' }]);
    expect((await eventsOf(o.id, m.id)).map((e) => e.type)).toEqual(['message.unknown']);
    // Never resent: no claim takes it again, and no second attempt appears.
    expect((await claimAt(new Date(at.getTime() + 1000))).map((c) => c.id)).not.toContain(m.id);
    expect(await env.sql('select number from message_attempts where organization_id = ? and message_id = ?', [o.id, m.id])).toEqual([{ number: 1 }]);
    await expectWalletInvariant(o.id);
  });

  it('claimed long ago but never written (its dispatcher died first): handed back, no attempt, claimed again and sent', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const m = await send(o, { client_ref: 'lost-unwritten' });
    expect((await claimOnlyAt(base)).map((c) => c.id)).toContain(m.id);
    // Moments later a live dispatcher may still be about to write it: left alone.
    await tickAt(new Date(base.getTime() + 1000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'accepted', charge: 'held' });
    expect((await claimOnlyAt(new Date(base.getTime() + 2000))).map((c) => c.id)).not.toContain(m.id);
    const at = new Date(base.getTime() + 10 * 60_000);
    const result = await tickAt(at);
    expect(result.messages_claims_handed_back).toBeGreaterThanOrEqual(1);
    expect(await row(o.id, m.id)).toMatchObject({ status: 'accepted', charge: 'held', submit_started_at: null });
    expect(await env.sql('select number from message_attempts where organization_id = ? and message_id = ?', [o.id, m.id])).toEqual([]);
    expect(await eventsOf(o.id, m.id)).toEqual([]);
    const again = (await claimAt(new Date(at.getTime() + 1000))).find((c) => c.id === m.id);
    expect(again).toMatchObject({ attempt: 1 });
    expect(await env.sql('select number, state from message_attempts where organization_id = ? and message_id = ?', [o.id, m.id])).toEqual([{ number: 1, state: 'submitting' }]);
    await expectWalletInvariant(o.id);
  });

  it('a claim of a dispatcher still alive is left alone however old (the SMSC may be throttling it); once it falls silent, swept', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const m = await send(o, { client_ref: 'lost-alive' });
    const pool = await nativePool((await env.ctx()).em);
    const dispatcher = randomUUID();
    await heartbeat(pool, dispatcher);
    const claimed = (await claimDue(pool, base, 10_000, true, dispatcher)).filter((c) => c.id === m.id);
    await markWriting(pool, base, claimed);
    await tickAt(new Date(base.getTime() + 10 * 60_000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'accepted', charge: 'held' });
    await env.sql("update dispatchers set seen_at = clock_timestamp() - interval '1 minute' where id = ?", [dispatcher]);
    await tickAt(new Date(base.getTime() + 11 * 60_000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'unknown', charge: 'held' });
    await expectWalletInvariant(o.id);
  });

  it('a live dispatcher hands back its own claims it does not hold (the claim committed, its answer lost with a cut connection)', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const [held, orphan] = [await send(o, { client_ref: 'own-held' }), await send(o, { client_ref: 'own-orphan' })];
    const pool = await nativePool((await env.ctx()).em);
    const dispatcher = randomUUID();
    await heartbeat(pool, dispatcher);
    const claimed = (await claimDue(pool, base, 10_000, true, dispatcher)).filter((c) => c.id === held.id || c.id === orphan.id);
    expect(claimed).toHaveLength(2);
    const later = new Date(base.getTime() + 10 * 60_000);
    // Another process's sweep leaves both: their dispatcher is alive.
    await settleLostClaims(pool, later, later);
    expect((await row(o.id, orphan.id)).submit_started_at).not.toBeNull();
    await settleLostClaims(pool, later, later, { dispatcherId: dispatcher, holding: [held.id] });
    expect(await row(o.id, orphan.id)).toMatchObject({ status: 'accepted', submit_started_at: null });
    expect((await row(o.id, held.id)).submit_started_at).not.toBeNull();
  });

  it('a claimed message whose ttl then passes goes to unknown, not expired: it may have left', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const m = await send(o, { ttl: 5 });
    expect((await claimAt(base)).map((c) => c.id)).toContain(m.id);
    await tickAt(new Date(base.getTime() + 10 * 60_000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'unknown', charge: 'held', final_at: null });
    expect(await ledgerOf(o.id, m.id)).toEqual([{ kind: 'hold', amount: String(UNIT), actor_type: 'api_key' }]);
    await expectWalletInvariant(o.id);
  });
});

describe('the seven-day unknown hold', () => {
  it('an unknown message keeps its hold for seven days, then the hold is released and it stays unknown', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const start = await wallet(o.id);
    const m = await send(o, { body: 'a'.repeat(200) });
    await claimAt(base);
    const unknownAt = new Date(base.getTime() + 60_000);
    await tickAt(unknownAt);
    expect(await row(o.id, m.id)).toMatchObject({ status: 'unknown', charge: 'held' });

    // Six days and 23 hours later: still held.
    await tickAt(new Date(unknownAt.getTime() + 7 * DAY - 3600_000));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'unknown', charge: 'held' });
    expect((await wallet(o.id)).held).toBe(BigInt(UNIT * 2));

    const at = new Date(unknownAt.getTime() + 7 * DAY + 60_000);
    const result = await tickAt(at);
    expect(result.unknown_holds_released).toBeGreaterThanOrEqual(1);
    const got = await getMessage(o, m.id);
    expect(got).toMatchObject({ status: 'unknown', final_at: null, price: { total: UNIT * 2, charged: false } });
    expect(await row(o.id, m.id)).toMatchObject({ status: 'unknown', charge: 'released' });
    expect(await wallet(o.id)).toEqual(start);
    expect(await ledgerOf(o.id, m.id)).toEqual([
      { kind: 'hold', amount: String(UNIT * 2), actor_type: 'api_key' },
      { kind: 'release', amount: String(UNIT * 2), actor_type: 'system' },
    ]);
    await expectWalletInvariant(o.id);

    // Released once only.
    await tickAt(new Date(at.getTime() + 30 * DAY));
    expect(await ledgerOf(o.id, m.id)).toHaveLength(2);
    expect((await row(o.id, m.id)).status).toBe('unknown');
    await expectWalletInvariant(o.id);
  });

  it('an unknown message is never expired by its ttl', async () => {
    const base = nextBase();
    env.clock.set(base);
    const o = await newOrg();
    const m = await send(o, { ttl: 120 });
    await claimAt(base);
    await tickAt(new Date(base.getTime() + 60_000));
    expect((await row(o.id, m.id)).status).toBe('unknown');
    await tickAt(new Date(base.getTime() + 3 * DAY));
    expect(await row(o.id, m.id)).toMatchObject({ status: 'unknown', charge: 'held', final_at: null });
    await expectWalletInvariant(o.id);
  });
});
