// POST /v1/messages over HTTP on the real database: the full Message of the 202 (E.164 recipient in every
// accepted form, NFC body, encoding and segments per SMS route, price from the plan), test mode by the last
// digit, the hold of a live send, every refusal leaving nothing behind, consent and opt-outs for promotional
// traffic, the sending window, the per-recipient and per-organization rate limits, and idempotency.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setSendingWindow, setSmsRoute } from '../../core/app/platform/settings.ts';
import { setPricePlan } from '../../core/app/price-plans/price-plan.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { setWalletFrozen } from '../../core/app/wallet/set-wallet-frozen.ts';
import { bearer, createOrg, letRealTimePass, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { expectWalletInvariant as expectInvariant, walletOf } from '../support/money.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let owner: Session;

const T0 = new Date('2026-11-22T09:00:00.000Z');
const T0_ISO = T0.toISOString();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TRANSACTIONAL_UNIT = 2000;
const PROMOTIONAL_UNIT = 2500;
const CREDIT = 100_000_000n;

const SENDERS = [
  { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true },
  { name: 'TXONLY', classes: ['transactional'] as ('transactional' | 'promotional')[], routeApproved: true },
  { name: 'PENDING', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: false },
  { name: 'PROMOONLY', classes: ['promotional'] as ('transactional' | 'promotional')[], routeApproved: true },
];

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: CREDIT,
    senders: SENDERS,
    members: { owner: 'owner', analyst: 'analyst' },
    keys: {
      live: { mode: 'live' },
      test: { mode: 'test' },
      readOnly: { mode: 'live', scopes: ['messages:read'] },
    },
  });
  owner = await signInAs(env, org.members.owner!);
});

// ---------------------------------------------------------------------------------------------
// Helpers

let serial = 0;
/** A fresh valid Tanzanian mobile number in national form (9 digits), ending in `last`. */
function national(last = '3', range = '754'): string {
  return `${range}${String(10000 + ++serial).slice(-5)}${last}`;
}
const e164 = (n: string) => `+255${n}`;
const freshNumber = (last = '3') => e164(national(last));

function send(secret: string, body: object, key: string = randomUUID()) {
  return request(env.app).post('/v1/messages').set(bearer(secret)).set('X-Idempotency-Key', key).send(body);
}
const live = (body: object, key?: string) => send(org.keys.live!.secret, body, key);
const testKey = (body: object, key?: string) => send(org.keys.test!.secret, body, key);

function msg(over: Record<string, unknown> = {}) {
  return { to: freshNumber(), from: 'UJUMBE', body: 'Habari, karibu Ujumbe', client_ref: `ref-${++serial}`, ...over };
}

const post = (who: Session, path: string, body: object) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send(body);
const patch = (who: Session, path: string, body: object) => who.agent.patch(path).set('X-CSRF-Token', who.csrf).send(body);

function expectError(res: request.Response, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  if (field !== undefined) expect(res.body.error.field).toBe(field);
}

function expect202(res: request.Response) {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.success).toBe(true);
  return res.body.data as Record<string, any>;
}

const wallet = (orgId: string) => walletOf(env, orgId);
const expectWalletInvariant = (orgId: string) => expectInvariant(env, orgId);

/** Everything a send could leave behind in an organization. */
async function snapshot(orgId: string) {
  return {
    messages: await env.sql('select id from messages where organization_id = ? order by id', [orgId]),
    attempts: await env.sql('select message_id, number from message_attempts where organization_id = ? order by message_id, number', [orgId]),
    receipts: await env.sql('select id from message_receipts where organization_id = ? order by id', [orgId]),
    ledger: await env.sql('select id from ledger_entries where organization_id = ? order by id', [orgId]),
    wallet: await wallet(orgId),
    idempotency: await env.sql('select key from idempotency_records where organization_id = ? order by key', [orgId]),
    events: await env.sql('select id from outbox_events where organization_id = ? order by id', [orgId]),
  };
}

/** Sends and expects a refusal that records nothing: no message, no ledger entry, no wallet change, no idempotency record. */
async function expectRefusedLeavingNothing(orgId: string, sendIt: (key: string) => Promise<request.Response>, status: number, code: string, field?: string) {
  const before = await snapshot(orgId);
  const key = randomUUID();
  const res = await sendIt(key);
  expectError(res, status, code, field);
  expect(await snapshot(orgId)).toEqual(before);
  expect(await env.sql('select key from idempotency_records where key = ?', [key])).toEqual([]);
  await expectWalletInvariant(orgId);
  return res;
}

async function ledgerOf(orgId: string, messageId: string) {
  return env.sql<{ kind: string; amount: string; message_id: string }>(
    'select kind, amount::text as amount, message_id from ledger_entries where organization_id = ? and message_id = ? order by id',
    [orgId, messageId],
  );
}

async function withClock<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  const previous = await env.clock.now();
  env.clock.set(at);
  try {
    return await fn();
  } finally {
    env.clock.set(previous);
  }
}

async function consentedNumber(): Promise<string> {
  const phone = freshNumber();
  const res = await post(owner, '/v1/contacts', { phone, consent: { note: 'agreed at the shop counter' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return phone;
}

// ---------------------------------------------------------------------------------------------

describe('the 202: a live message accepted in full', () => {
  it('answers the full Message, holds its total and records one hold for it', async () => {
    const before = await wallet(org.id);
    const to = freshNumber();
    const res = await live({ to, from: 'UJUMBE', body: 'Habari, karibu Ujumbe', client_ref: 'order-1001' });
    const data = expect202(res);
    expect(data).toEqual({
      id: expect.stringMatching(UUID),
      status: 'accepted',
      to,
      from: 'UJUMBE',
      body: 'Habari, karibu Ujumbe',
      traffic_class: 'transactional',
      client_ref: 'order-1001',
      encoding: 'gsm7',
      segments: 1,
      price: { currency: 'TZS', unit: 'cents', unit_amount: TRANSACTIONAL_UNIT, total: TRANSACTIONAL_UNIT, charged: false },
      test: false,
      failure_reason: null,
      failure_explanation: null,
      campaign_id: null,
      held_until: null,
      send_at: null,
      expires_at: expect.any(String),
      created_at: T0_ISO,
      updated_at: T0_ISO,
      final_at: null,
      attempts: [],
      receipts: [],
    });
    expect(Date.parse(data.expires_at)).toBeGreaterThan(T0.getTime());
    const after = await wallet(org.id);
    expect(after.available).toBe(before.available - BigInt(TRANSACTIONAL_UNIT));
    expect(after.held).toBe(before.held + BigInt(TRANSACTIONAL_UNIT));
    expect(after.captured).toBe(before.captured);
    expect(await ledgerOf(org.id, data.id)).toEqual([{ kind: 'hold', amount: String(TRANSACTIONAL_UNIT), message_id: data.id }]);
    const [row] = await env.sql<{ status: string; charge: string; test: boolean; to_phone: string }>(
      'select status, charge, test, to_phone from messages where organization_id = ? and id = ?',
      [org.id, data.id],
    );
    expect(row).toEqual({ status: 'accepted', charge: 'held', test: false, to_phone: to });
    // The same message read back.
    const got = await request(env.app).get(`/v1/messages/${data.id}`).set(bearer(org.keys.live!.secret));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(data);
    await expectWalletInvariant(org.id);
  });

  it('a ttl sets when the undispatched message expires', async () => {
    const data = expect202(await live(msg({ ttl: 3600 })));
    expect(data.expires_at).toBe(new Date(T0.getTime() + 3600_000).toISOString());
    const max = expect202(await live(msg({ ttl: 259_200 })));
    expect(max.expires_at).toBe(new Date(T0.getTime() + 259_200_000).toISOString());
    const min = expect202(await live(msg({ ttl: 1 })));
    expect(min.expires_at).toBe(new Date(T0.getTime() + 1000).toISOString());
    await expectWalletInvariant(org.id);
  });

  it.each([
    ['+255…', (n: string) => `+255${n}`, '754'],
    ['255…', (n: string) => `255${n}`, '713'],
    ['0…', (n: string) => `0${n}`, '784'],
    ['+255 … with spaces', (n: string) => `+255 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, '621'],
    ['255 … with spaces', (n: string) => `255 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, '655'],
    ['0… with spaces', (n: string) => `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, '754'],
    ['0… with spaces around', (n: string) => `  0${n} `, '754'],
  ])('the recipient in the %s form is answered and stored in E.164', async (_label, form, range) => {
    const n = national('3', range);
    const data = expect202(await live(msg({ to: form(n) })));
    expect(data.to).toBe(e164(n));
    const [row] = await env.sql<{ to_phone: string }>('select to_phone from messages where organization_id = ? and id = ?', [org.id, data.id]);
    expect(row!.to_phone).toBe(e164(n));
  });

  it.each([
    ['a short GSM text', 'Habari', 'Habari', 'gsm7', 1],
    ['160 GSM characters (one segment)', 'a'.repeat(160), 'a'.repeat(160), 'gsm7', 1],
    ['161 GSM characters (153 per part)', 'a'.repeat(161), 'a'.repeat(161), 'gsm7', 2],
    ['306 GSM characters', 'a'.repeat(306), 'a'.repeat(306), 'gsm7', 2],
    ['307 GSM characters', 'a'.repeat(307), 'a'.repeat(307), 'gsm7', 3],
    ['1530 GSM characters (ten segments)', 'a'.repeat(1530), 'a'.repeat(1530), 'gsm7', 10],
    ['80 euro signs (extension characters count two)', '€'.repeat(80), '€'.repeat(80), 'gsm7', 1],
    ['81 euro signs', '€'.repeat(81), '€'.repeat(81), 'gsm7', 2],
    ['760 euro signs (an escape pair never split)', '€'.repeat(760), '€'.repeat(760), 'gsm7', 10],
    ['line feed, carriage return and form feed', 'line one\r\nline two\f', 'line one\r\nline two\f', 'gsm7', 1],
    ['a decomposed é, NFC-normalised to a GSM character', 'Cafe\u0301 ya Mama', 'Caf\u00e9 ya Mama', 'gsm7', 1],
    ['900 decomposed é (1800 code points before NFC, 900 after)', 'e\u0301'.repeat(900), '\u00e9'.repeat(900), 'gsm7', 6],
    ['the ohm sign, NFC-normalised to the GSM omega', '10 \u2126', '10 \u03a9', 'gsm7', 1],
    ['an emoji (UCS-2)', 'Habari 😀', 'Habari 😀', 'ucs2', 1],
    ['70 Cyrillic letters (one UCS-2 segment)', 'ж'.repeat(70), 'ж'.repeat(70), 'ucs2', 1],
    ['71 Cyrillic letters (67 per part)', 'ж'.repeat(71), 'ж'.repeat(71), 'ucs2', 2],
    ['134 Cyrillic letters', 'ж'.repeat(134), 'ж'.repeat(134), 'ucs2', 2],
    ['135 Cyrillic letters', 'ж'.repeat(135), 'ж'.repeat(135), 'ucs2', 3],
    ['670 Cyrillic letters (ten segments)', 'ж'.repeat(670), 'ж'.repeat(670), 'ucs2', 10],
    ['35 emoji (70 UTF-16 units)', '😀'.repeat(35), '😀'.repeat(35), 'ucs2', 1],
    ['36 emoji (a surrogate pair never split)', '😀'.repeat(36), '😀'.repeat(36), 'ucs2', 2],
  ])('%s: encoding and segments, price unit x segments, and that total held', async (_label, body, stored, encoding, segments) => {
    const before = await wallet(org.id);
    const data = expect202(await live(msg({ body })));
    expect({ body: data.body, encoding: data.encoding, segments: data.segments, price: data.price }).toEqual({
      body: stored,
      encoding,
      segments,
      price: { currency: 'TZS', unit: 'cents', unit_amount: TRANSACTIONAL_UNIT, total: TRANSACTIONAL_UNIT * segments, charged: false },
    });
    const [row] = await env.sql<{ body: string }>('select body from messages where organization_id = ? and id = ?', [org.id, data.id]);
    expect(row!.body).toBe(stored);
    expect((await wallet(org.id)).available).toBe(before.available - BigInt(TRANSACTIONAL_UNIT * segments));
    expect(await ledgerOf(org.id, data.id)).toEqual([{ kind: 'hold', amount: String(TRANSACTIONAL_UNIT * segments), message_id: data.id }]);
    await expectWalletInvariant(org.id);
  });

  it('a promotional message is priced at the promotional rate', async () => {
    const to = await consentedNumber();
    const data = expect202(await live(msg({ to, traffic_class: 'promotional', body: 'a'.repeat(200) })));
    expect(data.traffic_class).toBe('promotional');
    expect(data.price).toEqual({ currency: 'TZS', unit: 'cents', unit_amount: PROMOTIONAL_UNIT, total: PROMOTIONAL_UNIT * 2, charged: false });
    expect(await ledgerOf(org.id, data.id)).toEqual([{ kind: 'hold', amount: String(PROMOTIONAL_UNIT * 2), message_id: data.id }]);
    await expectWalletInvariant(org.id);
  });

  it('the price follows the current version of the plan', async () => {
    const small = await createOrg(env, { credit: 1_000_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' } } });
    await setPricePlan(await env.ctx(), operator, { organizationId: small.id, transactional: 1234n, promotional: 999n });
    const data = expect202(await send(small.keys.live!.secret, msg({ body: 'b'.repeat(161) })));
    expect(data.price).toEqual({ currency: 'TZS', unit: 'cents', unit_amount: 1234, total: 2468, charged: false });
    expect(await ledgerOf(small.id, data.id)).toEqual([{ kind: 'hold', amount: '2468', message_id: data.id }]);
    await expectWalletInvariant(small.id);
  });

  it('a client_ref of 128 printable characters is echoed as given', async () => {
    const ref = `${'r'.repeat(120)} #-_/:.!`;
    expect(ref).toHaveLength(128);
    const data = expect202(await live(msg({ client_ref: ref })));
    expect(data.client_ref).toBe(ref);
    const [row] = await env.sql<{ client_ref: string }>('select client_ref from messages where organization_id = ? and id = ?', [org.id, data.id]);
    expect(row!.client_ref).toBe(ref);
  });

  it('a client_ref of 128 characters outside the Basic Multilingual Plane is accepted (characters, not UTF-16 units)', async () => {
    const ref = '😀'.repeat(128);
    expect(Array.from(ref)).toHaveLength(128);
    const data = expect202(await live(msg({ client_ref: ref })));
    expect(data.client_ref).toBe(ref);
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ client_ref: '😀'.repeat(129) }), key), 422, 'validation_failed', 'client_ref');
  });

  it('a signed-in member (messages.send) sends live: held from the wallet, test false', async () => {
    const before = await wallet(org.id);
    const res = await post(owner, '/v1/messages', msg()).set('X-Idempotency-Key', randomUUID());
    const data = expect202(res);
    expect(data).toMatchObject({ status: 'accepted', test: false, price: { charged: false, total: TRANSACTIONAL_UNIT } });
    expect((await wallet(org.id)).held).toBe(before.held + BigInt(TRANSACTIONAL_UNIT));
    await expectWalletInvariant(org.id);
  });
});

describe('test mode: completes at once by the last digit, never touches the wallet', () => {
  it.each([
    ['1', 'failed'],
    ['2', 'failed'],
    ['8', 'undelivered'],
    ['0', 'delivered'],
    ['3', 'delivered'],
    ['4', 'delivered'],
    ['5', 'delivered'],
    ['6', 'delivered'],
    ['7', 'delivered'],
    ['9', 'delivered'],
  ])('a number ending in %s is %s', async (last, status) => {
    const before = await snapshot(org.id);
    const to = freshNumber(last);
    const res = await testKey(msg({ to, client_ref: `test-${last}` }));
    const data = expect202(res);
    const attempt =
      status === 'failed'
        ? { number: 1, state: 'refused', detail: expect.any(String), started_at: T0_ISO, finished_at: T0_ISO }
        : { number: 1, state: 'submitted', detail: null, started_at: T0_ISO, finished_at: T0_ISO };
    const receipts =
      status === 'failed'
        ? []
        : status === 'undelivered'
          ? [{ delivery: 'undelivered', raw_status: 'UNDELIV', failure_reason: expect.stringContaining('UNDELIV'), effect: 'undelivered', received_at: T0_ISO }]
          : [{ delivery: 'delivered', raw_status: 'DELIVRD', failure_reason: null, effect: 'delivered', received_at: T0_ISO }];
    expect(data).toEqual({
      id: expect.stringMatching(UUID),
      status,
      to,
      from: 'UJUMBE',
      body: 'Habari, karibu Ujumbe',
      traffic_class: 'transactional',
      client_ref: `test-${last}`,
      encoding: 'gsm7',
      segments: 1,
      price: { currency: 'TZS', unit: 'cents', unit_amount: TRANSACTIONAL_UNIT, total: TRANSACTIONAL_UNIT, charged: false },
      test: true,
      failure_reason: status === 'delivered' ? null : expect.stringMatching(/\S/),
      // The test outcome named in plain words: a test failure or undelivery says that nothing was sent or charged.
      failure_explanation: status === 'delivered' ? null : { code: `test_${status}`, en: expect.stringContaining('Test message'), sw: expect.stringContaining('majaribio') },
      campaign_id: null,
      held_until: null,
      send_at: null,
      expires_at: expect.any(String),
      created_at: T0_ISO,
      updated_at: T0_ISO,
      final_at: T0_ISO,
      attempts: [attempt],
      receipts,
    });
    // Read back with a test key: the same message, attempts and receipts.
    const got = await request(env.app).get(`/v1/messages/${data.id}`).set(bearer(org.keys.test!.secret));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(data);
    // Wallet and ledger untouched; the row never holds money.
    const after = await snapshot(org.id);
    expect(after.wallet).toEqual(before.wallet);
    expect(after.ledger).toEqual(before.ledger);
    expect(await env.sql('select id from ledger_entries where message_id = ?', [data.id])).toEqual([]);
    const [row] = await env.sql<{ charge: string; test: boolean; status: string }>('select charge, test, status from messages where organization_id = ? and id = ?', [org.id, data.id]);
    expect(row).toEqual({ charge: 'none', test: true, status });
    // The event of its final status, as a real message would have.
    const events = await env.sql<{ type: string; payload: { data: Record<string, unknown> } }>(
      "select type, payload from outbox_events where organization_id = ? and payload->'data'->>'id' = ?",
      [org.id, data.id],
    );
    expect(events.map((e) => e.type)).toEqual([`message.${status}`]);
    expect(events[0]!.payload.data).toMatchObject({ id: data.id, status, client_ref: `test-${last}` });
    await expectWalletInvariant(org.id);
  });

  it('a test message is priced from the plan in segments and the promotional class, still uncharged', async () => {
    const to = await consentedNumber();
    const data = expect202(await testKey(msg({ to, traffic_class: 'promotional', body: 'ж'.repeat(71) })));
    expect(data).toMatchObject({
      status: 'delivered',
      test: true,
      encoding: 'ucs2',
      segments: 2,
      price: { currency: 'TZS', unit: 'cents', unit_amount: PROMOTIONAL_UNIT, total: PROMOTIONAL_UNIT * 2, charged: false },
      held_until: null,
    });
  });

  it('works in an unverified organization, where a live key is refused 403 organization_not_verified', async () => {
    const unverified = await createOrg(env, { verified: false, credit: 100_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' }, test: { mode: 'test' } } });
    await expectRefusedLeavingNothing(unverified.id, (key) => send(unverified.keys.live!.secret, msg(), key), 403, 'organization_not_verified');
    const before = await snapshot(unverified.id);
    const data = expect202(await send(unverified.keys.test!.secret, msg({ to: freshNumber('5') })));
    expect(data).toMatchObject({ status: 'delivered', test: true, price: { charged: false } });
    const after = await snapshot(unverified.id);
    expect(after.wallet).toEqual(before.wallet);
    expect(after.ledger).toEqual(before.ledger);
    await expectWalletInvariant(unverified.id);
  });

  it('a signed-in member of an unverified organization cannot send live traffic (403 organization_not_verified)', async () => {
    const unverified = await createOrg(env, { verified: false, credit: 100_000n, senders: [SENDERS[0]!], members: { owner: 'owner' }, keys: {} });
    const s = await signInAs(env, unverified.members.owner!);
    await expectRefusedLeavingNothing(unverified.id, (key) => post(s, '/v1/messages', msg()).set('X-Idempotency-Key', key), 403, 'organization_not_verified');
  });

  it('a frozen wallet or a wallet without funds does not stop a test message; the live key is refused', async () => {
    const frozen = await createOrg(env, { credit: 100_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' }, test: { mode: 'test' } } });
    await setWalletFrozen(await env.ctx(), operator, frozen.id, true);
    await expectRefusedLeavingNothing(frozen.id, (key) => send(frozen.keys.live!.secret, msg(), key), 403, 'wallet_frozen');
    expect(expect202(await send(frozen.keys.test!.secret, msg())).status).toBe('delivered');

    const empty = await createOrg(env, { senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' }, test: { mode: 'test' } } });
    await expectRefusedLeavingNothing(empty.id, (key) => send(empty.keys.live!.secret, msg(), key), 422, 'insufficient_funds');
    expect(expect202(await send(empty.keys.test!.secret, msg())).status).toBe('delivered');
    expect(await wallet(empty.id)).toEqual({ available: 0n, held: 0n, captured: 0n, credited: 0n });
    await expectWalletInvariant(frozen.id);
    await expectWalletInvariant(empty.id);
  });

  it('a sender the route has not approved yet works for a test key (422 sender_not_ready for a live key)', async () => {
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ from: 'PENDING' }), key), 422, 'sender_not_ready', 'from');
    const data = expect202(await testKey(msg({ from: 'PENDING', to: freshNumber('7') })));
    expect(data).toMatchObject({ from: 'PENDING', status: 'delivered', test: true });
  });

  it('without a price plan a test message is refused too (409 no_price_plan)', async () => {
    const noPlan = await createOrg(env, { pricePlan: false, credit: 100_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' }, test: { mode: 'test' } } });
    await expectRefusedLeavingNothing(noPlan.id, (key) => send(noPlan.keys.live!.secret, msg(), key), 409, 'no_price_plan');
    await expectRefusedLeavingNothing(noPlan.id, (key) => send(noPlan.keys.test!.secret, msg(), key), 409, 'no_price_plan');
  });
});

describe('money refusals', () => {
  it('insufficient funds: one cent short is 422, the exact amount is accepted and leaves 0 available', async () => {
    const poor = await createOrg(env, { credit: BigInt(TRANSACTIONAL_UNIT * 2 - 1), senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' } } });
    // Two segments cost 4000; 3999 is available.
    await expectRefusedLeavingNothing(poor.id, (key) => send(poor.keys.live!.secret, msg({ body: 'a'.repeat(161) }), key), 422, 'insufficient_funds');
    const exact = await createOrg(env, { credit: BigInt(TRANSACTIONAL_UNIT * 2), senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' } } });
    const data = expect202(await send(exact.keys.live!.secret, msg({ body: 'a'.repeat(161) })));
    expect(data.price.total).toBe(TRANSACTIONAL_UNIT * 2);
    expect(await wallet(exact.id)).toEqual({ available: 0n, held: BigInt(TRANSACTIONAL_UNIT * 2), captured: 0n, credited: BigInt(TRANSACTIONAL_UNIT * 2) });
    await expectRefusedLeavingNothing(exact.id, (key) => send(exact.keys.live!.secret, msg(), key), 422, 'insufficient_funds');
    await expectWalletInvariant(exact.id);
  });

  it('a frozen wallet is 403 wallet_frozen even with funds; unfrozen it sends again', async () => {
    const o = await createOrg(env, { credit: 100_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' } } });
    await setWalletFrozen(await env.ctx(), operator, o.id, true);
    await expectRefusedLeavingNothing(o.id, (key) => send(o.keys.live!.secret, msg(), key), 403, 'wallet_frozen');
    await setWalletFrozen(await env.ctx(), operator, o.id, false);
    expect(expect202(await send(o.keys.live!.secret, msg())).status).toBe('accepted');
    await expectWalletInvariant(o.id);
  });
});

describe('refusals record nothing', () => {
  const longRef = 'r'.repeat(129);
  it.each<[string, Record<string, unknown>, number, string, string | undefined]>([
    ['an unknown sender ID', { from: 'NOSUCH' }, 403, 'sender_not_authorized', 'from'],
    ['a sender approved only for transactional, used promotional', { from: 'TXONLY', traffic_class: 'promotional' }, 403, 'sender_not_authorized', 'from'],
    ['a sender approved only for promotional, used transactional', { from: 'PROMOONLY' }, 403, 'sender_not_authorized', 'from'],
    ['the sender name in another case', { from: 'ujumbe' }, 403, 'sender_not_authorized', 'from'],
    ['the sender name in mixed case', { from: 'Ujumbe' }, 403, 'sender_not_authorized', 'from'],
    ['a sender not yet approved by the route', { from: 'PENDING' }, 422, 'sender_not_ready', 'from'],
    ['an empty from', { from: '' }, 422, 'validation_failed', 'from'],
    ['a from of 12 characters', { from: 'ABCDEFGHIJKL' }, 422, 'validation_failed', 'from'],
    ['an empty body', { body: '' }, 422, 'validation_failed', 'body'],
    ['a body of 1601 characters', { body: 'a'.repeat(1601) }, 422, 'validation_failed', 'body'],
    ['a body of 1601 Cyrillic characters', { body: 'ж'.repeat(1601) }, 422, 'validation_failed', 'body'],
    ['a body with a BEL control character', { body: 'Habari\u0007' }, 422, 'validation_failed', 'body'],
    ['a body with a NUL', { body: 'Ha\u0000bari' }, 422, 'validation_failed', 'body'],
    ['a body with a tab', { body: 'Ha\tbari' }, 422, 'validation_failed', 'body'],
    ['a body with DEL', { body: 'Habari\u007f' }, 422, 'validation_failed', 'body'],
    ['a body with a C1 control (NEL)', { body: 'Habari\u0085' }, 422, 'validation_failed', 'body'],
    ['a body with an unpaired surrogate', { body: 'Ha\ud800bari' }, 422, 'validation_failed', 'body'],
    ['a missing body', { body: undefined }, 422, 'validation_failed', 'body'],
    ['a body that is not a string', { body: 42 }, 422, 'validation_failed', 'body'],
    ['11 GSM segments (1531 characters)', { body: 'a'.repeat(1531) }, 422, 'too_many_segments', undefined],
    ['1600 GSM characters (11 segments, within the length limit)', { body: 'a'.repeat(1600) }, 422, 'too_many_segments', undefined],
    ['761 euro signs (11 segments)', { body: '€'.repeat(761) }, 422, 'too_many_segments', undefined],
    ['671 Cyrillic letters (11 UCS-2 segments)', { body: 'ж'.repeat(671) }, 422, 'too_many_segments', undefined],
    ['a Dar es Salaam fixed line', { to: '0222123456' }, 422, 'validation_failed', 'to'],
    ['a fixed line in +255 form', { to: '+255 22 212 3456' }, 422, 'validation_failed', 'to'],
    ['a Kenyan mobile', { to: '+254712345678' }, 422, 'validation_failed', 'to'],
    ['letters in the number', { to: '0754abc456' }, 422, 'validation_failed', 'to'],
    ['a too short number', { to: '075412345' }, 422, 'validation_failed', 'to'],
    ['an empty to', { to: '' }, 422, 'validation_failed', 'to'],
    ['a missing to', { to: undefined }, 422, 'validation_failed', 'to'],
    ['a number given as a JSON number', { to: 754123456 }, 422, 'validation_failed', 'to'],
    ['an empty client_ref', { client_ref: '' }, 422, 'validation_failed', 'client_ref'],
    ['a client_ref of 129 characters', { client_ref: longRef }, 422, 'validation_failed', 'client_ref'],
    ['a client_ref with a control character', { client_ref: 'ref\u0001' }, 422, 'validation_failed', 'client_ref'],
    ['a client_ref with a line feed', { client_ref: 'ref\nnext' }, 422, 'validation_failed', 'client_ref'],
    ['a missing client_ref', { client_ref: undefined }, 422, 'validation_failed', 'client_ref'],
    ['ttl 0', { ttl: 0 }, 422, 'validation_failed', 'ttl'],
    ['ttl 259201', { ttl: 259_201 }, 422, 'validation_failed', 'ttl'],
    ['ttl 1.5', { ttl: 1.5 }, 422, 'validation_failed', 'ttl'],
    ['ttl as a string', { ttl: '60' }, 422, 'validation_failed', 'ttl'],
    ['ttl negative', { ttl: -5 }, 422, 'validation_failed', 'ttl'],
    ['an unknown traffic class', { traffic_class: 'marketing' }, 422, 'validation_failed', 'traffic_class'],
    ['an unknown field', { priority: 'high' }, 422, 'validation_failed', 'priority'],
  ])('%s: %i %s', async (_label, override, status, code, field) => {
    await expectRefusedLeavingNothing(org.id, (key) => live(msg(override), key), status, code, field);
  });

  it.each<[string, Record<string, unknown>, number, string, string | undefined]>([
    ['an unknown sender ID', { from: 'NOSUCH' }, 403, 'sender_not_authorized', 'from'],
    ['a sender approved only for transactional, used promotional', { from: 'TXONLY', traffic_class: 'promotional' }, 403, 'sender_not_authorized', 'from'],
    ['a body with a control character', { body: 'a\u0007' }, 422, 'validation_failed', 'body'],
    ['11 GSM segments', { body: 'a'.repeat(1531) }, 422, 'too_many_segments', undefined],
    ['a Kenyan mobile', { to: '+254712345678' }, 422, 'validation_failed', 'to'],
    ['ttl 0', { ttl: 0 }, 422, 'validation_failed', 'ttl'],
  ])('a test key is refused the same way: %s', async (_label, override, status, code, field) => {
    await expectRefusedLeavingNothing(org.id, (key) => testKey(msg(override), key), status, code, field);
  });

  it('a sender ID the organization only requested (not approved by the service) is 403 sender_not_authorized', async () => {
    const requested = await post(owner, '/v1/sender-ids', { name: 'ASKED', traffic_classes: ['transactional'] });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ from: 'ASKED' }), key), 403, 'sender_not_authorized', 'from');
    await expectRefusedLeavingNothing(org.id, (key) => testKey(msg({ from: 'ASKED' }), key), 403, 'sender_not_authorized', 'from');
  });

  it("another organization's sender ID is 403 sender_not_authorized", async () => {
    const other = await createOrg(env, { senders: [{ name: 'THEIRS', classes: ['transactional', 'promotional'], routeApproved: true }], members: {}, keys: {} });
    expect(other.id).not.toBe(org.id);
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ from: 'THEIRS' }), key), 403, 'sender_not_authorized', 'from');
  });

  it('a missing X-Idempotency-Key is 400 invalid_request and records nothing', async () => {
    const before = await snapshot(org.id);
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).send(msg());
    expectError(res, 400, 'invalid_request');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it.each([
    ['with a space', 'key with space'],
    ['of 256 characters', 'k'.repeat(256)],
    ['empty', ''],
  ])('an X-Idempotency-Key %s is 400 invalid_request', async (_label, key) => {
    const before = await snapshot(org.id);
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', key).send(msg());
    expectError(res, 400, 'invalid_request');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('a key without messages:send is 403 insufficient_scope; a member without messages.send 403 forbidden; no credentials 401', async () => {
    await expectRefusedLeavingNothing(org.id, (key) => send(org.keys.readOnly!.secret, msg(), key), 403, 'insufficient_scope');
    const analyst = await signInAs(env, org.members.analyst!);
    await expectRefusedLeavingNothing(org.id, (key) => post(analyst, '/v1/messages', msg()).set('X-Idempotency-Key', key), 403, 'forbidden');
    await expectRefusedLeavingNothing(org.id, (key) => request(env.app).post('/v1/messages').set('X-Idempotency-Key', key).send(msg()), 401, 'unauthorized');
  });

  it('a member without X-CSRF-Token is 403 forbidden', async () => {
    await expectRefusedLeavingNothing(org.id, (key) => owner.agent.post('/v1/messages').set('X-Idempotency-Key', key).send(msg()), 403, 'forbidden');
  });

  it('a refused request stored no idempotency record: the same key then serves a corrected request', async () => {
    const key = randomUUID();
    expectError(await live(msg({ from: 'NOSUCH' }), key), 403, 'sender_not_authorized', 'from');
    const data = expect202(await live(msg(), key));
    expect(data.status).toBe('accepted');
    await expectWalletInvariant(org.id);
  });
});

describe('the ascii SMS route', () => {
  beforeAll(async () => {
    await setSmsRoute(await env.ctx(), 'ascii');
  });
  afterAll(async () => {
    await setSmsRoute(await env.ctx(), 'gsm0338');
  });

  it.each([
    ['printable ASCII', 'Hello {world} [1] ~ | ^ \\ $', 1],
    ['a line feed', 'line one\nline two', 1],
    ['160 characters', 'a'.repeat(160), 1],
    ['161 characters (153 per part)', 'a'.repeat(161), 2],
    ['1530 characters', 'a'.repeat(1530), 10],
  ])('%s is sent as ascii', async (_label, body, segments) => {
    const data = expect202(await live(msg({ body })));
    expect({ encoding: data.encoding, segments: data.segments, total: data.price.total }).toEqual({ encoding: 'ascii', segments, total: TRANSACTIONAL_UNIT * segments });
    await expectWalletInvariant(org.id);
  });

  it('é, curly quotes and an emoji are 422 encoding_not_supported, each listed with its code point and position', async () => {
    // The last é is decomposed: positions count code points of the NFC body, the emoji counts one.
    const body = 'Café “Jumbo” 😀 e\u0301!';
    const res = await expectRefusedLeavingNothing(org.id, (key) => live(msg({ body }), key), 422, 'encoding_not_supported', 'body');
    expect(res.body.error.details).toEqual({
      characters: [
        { character: 'é', codepoint: 'U+00E9', position: 3 },
        { character: '“', codepoint: 'U+201C', position: 5 },
        { character: '”', codepoint: 'U+201D', position: 11 },
        { character: '😀', codepoint: 'U+1F600', position: 13 },
        { character: 'é', codepoint: 'U+00E9', position: 15 },
      ],
    });
  });

  it.each([
    ['a carriage return', 'line\r\nnext', [{ character: '\r', codepoint: 'U+000D', position: 4 }]],
    ['a form feed', 'page\f', [{ character: '\f', codepoint: 'U+000C', position: 4 }]],
    ['the pound sign', '£5', [{ character: '£', codepoint: 'U+00A3', position: 0 }]],
    ['an en dash', 'a – b', [{ character: '–', codepoint: 'U+2013', position: 2 }]],
  ])('%s is refused with its position', async (_label, body, characters) => {
    const res = await expectRefusedLeavingNothing(org.id, (key) => live(msg({ body }), key), 422, 'encoding_not_supported', 'body');
    expect(res.body.error.details).toEqual({ characters });
  });

  it('a test key meets the same route check', async () => {
    await expectRefusedLeavingNothing(org.id, (key) => testKey(msg({ body: 'Café' }), key), 422, 'encoding_not_supported', 'body');
  });

  it('a control character is still validation_failed (field body), and 1601 characters too', async () => {
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ body: 'a\u0007' }), key), 422, 'validation_failed', 'body');
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ body: 'a'.repeat(1601) }), key), 422, 'validation_failed', 'body');
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ body: 'a'.repeat(1531) }), key), 422, 'too_many_segments');
  });
});

describe('promotional traffic: consent and opt-outs', () => {
  it('no contact for the number: 422 consent_required, field to', async () => {
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ traffic_class: 'promotional' }), key), 422, 'consent_required', 'to');
  });

  it('a contact without consent: 422 consent_required', async () => {
    const phone = freshNumber();
    expect((await post(owner, '/v1/contacts', { phone })).status).toBe(201);
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ to: phone, traffic_class: 'promotional' }), key), 422, 'consent_required', 'to');
  });

  it('a contact with consent: 202, whatever form the number is typed in', async () => {
    const phone = await consentedNumber();
    const data = expect202(await live(msg({ to: `0${phone.slice(4)}`, traffic_class: 'promotional' })));
    expect(data).toMatchObject({ to: phone, traffic_class: 'promotional', status: 'accepted', held_until: null });
    await expectWalletInvariant(org.id);
  });

  it('consent withdrawn: 422 consent_required again', async () => {
    const phone = freshNumber();
    const created = await post(owner, '/v1/contacts', { phone, consent: { note: 'yes' } });
    expect(created.status).toBe(201);
    expect202(await live(msg({ to: phone, traffic_class: 'promotional' })));
    const withdrawn = await patch(owner, `/v1/contacts/${created.body.data.contact.id}`, { consent: null });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ to: phone, traffic_class: 'promotional' }), key), 422, 'consent_required', 'to');
  });

  it('an active opt-out: 422 recipient_opted_out even with consent; cleared, the consent counts again', async () => {
    const phone = await consentedNumber();
    const opted = await post(owner, '/v1/opt-outs', { phone, reason: 'STOP' });
    expect(opted.status, JSON.stringify(opted.body)).toBe(201);
    await expectRefusedLeavingNothing(org.id, (key) => live(msg({ to: phone, traffic_class: 'promotional' }), key), 422, 'recipient_opted_out', 'to');
    await expectRefusedLeavingNothing(org.id, (key) => testKey(msg({ to: phone, traffic_class: 'promotional' }), key), 422, 'recipient_opted_out', 'to');
    const cleared = await post(owner, `/v1/opt-outs/${opted.body.data.opt_out.id}/clear`, { reason: 'asked to resume', evidence: 'signed form 42' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(expect202(await live(msg({ to: phone, traffic_class: 'promotional' }))).status).toBe('accepted');
    await expectWalletInvariant(org.id);
  });

  it('transactional traffic is never refused for consent or opt-out', async () => {
    const phone = freshNumber();
    expect((await post(owner, '/v1/opt-outs', { phone })).status).toBe(201);
    const data = expect202(await live(msg({ to: phone })));
    expect(data).toMatchObject({ to: phone, traffic_class: 'transactional', status: 'accepted' });
    const explicit = expect202(await live(msg({ to: phone, traffic_class: 'transactional' })));
    expect(explicit.traffic_class).toBe('transactional');
    await expectWalletInvariant(org.id);
  });

  it('a test key meets the consent rule too', async () => {
    await expectRefusedLeavingNothing(org.id, (key) => testKey(msg({ traffic_class: 'promotional' }), key), 422, 'consent_required', 'to');
  });

  it("another organization's consent does not count", async () => {
    const phone = await consentedNumber();
    const other = await createOrg(env, { credit: 100_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' } } });
    await expectRefusedLeavingNothing(other.id, (key) => send(other.keys.live!.secret, msg({ to: phone, traffic_class: 'promotional' }), key), 422, 'consent_required', 'to');
  });
});

describe('the sending window (promotional only)', () => {
  const NEXT_OPENING = '2026-11-23T05:00:00.000Z';

  it('closed (21:00 in Dar es Salaam): accepted with held_until the next opening, held in the wallet, not due before it', async () => {
    const at = new Date('2026-11-22T18:00:00Z');
    const to = await consentedNumber();
    await withClock(at, async () => {
      const before = await wallet(org.id);
      const data = expect202(await live(msg({ to, traffic_class: 'promotional' })));
      expect(data).toMatchObject({
        status: 'accepted',
        held_until: NEXT_OPENING,
        test: false,
        price: { unit_amount: PROMOTIONAL_UNIT, total: PROMOTIONAL_UNIT, charged: false },
        created_at: at.toISOString(),
        final_at: null,
        attempts: [],
        receipts: [],
      });
      const after = await wallet(org.id);
      expect(after.available).toBe(before.available - BigInt(PROMOTIONAL_UNIT));
      expect(after.held).toBe(before.held + BigInt(PROMOTIONAL_UNIT));
      expect(after.captured).toBe(before.captured);
      expect(await ledgerOf(org.id, data.id)).toEqual([{ kind: 'hold', amount: String(PROMOTIONAL_UNIT), message_id: data.id }]);
      const [row] = await env.sql<{ dispatch_after: Date; held_until: Date; charge: string; submit_started_at: Date | null }>(
        'select dispatch_after, held_until, charge, submit_started_at from messages where organization_id = ? and id = ?',
        [org.id, data.id],
      );
      expect(new Date(row!.dispatch_after).toISOString()).toBe(NEXT_OPENING);
      expect(new Date(row!.held_until).toISOString()).toBe(NEXT_OPENING);
      expect(row!.charge).toBe('held');
      expect(row!.submit_started_at).toBeNull();
      // Not due for the dispatcher's claim now, due at the opening.
      const due = (now: Date) =>
        env.sql('select id from messages where organization_id = ? and id = ? and dispatch_after <= ?', [org.id, data.id, now]);
      expect(await due(at)).toEqual([]);
      expect(await due(new Date(Date.parse(NEXT_OPENING) - 1000))).toEqual([]);
      expect(await due(new Date(NEXT_OPENING))).toEqual([{ id: data.id }]);
      await expectWalletInvariant(org.id);
    });
  });

  it('transactional traffic has no window: due at once', async () => {
    const at = new Date('2026-11-22T18:00:00Z');
    await withClock(at, async () => {
      const data = expect202(await live(msg()));
      expect(data.held_until).toBeNull();
      const [row] = await env.sql<{ dispatch_after: Date }>('select dispatch_after from messages where organization_id = ? and id = ?', [org.id, data.id]);
      expect(new Date(row!.dispatch_after).toISOString()).toBe(at.toISOString());
    });
  });

  it('a test key completes at once even when the window is closed', async () => {
    const to = await consentedNumber();
    await withClock(new Date('2026-11-22T18:00:00Z'), async () => {
      const data = expect202(await testKey(msg({ to, traffic_class: 'promotional' })));
      expect(data).toMatchObject({ status: 'delivered', held_until: null, final_at: '2026-11-22T18:00:00.000Z', price: { charged: false } });
    });
  });

  it.each([
    ['07:00 EAT (before opening)', '2026-11-22T04:00:00Z', '2026-11-22T05:00:00.000Z'],
    ['07:59:59 EAT', '2026-11-22T04:59:59Z', '2026-11-22T05:00:00.000Z'],
    ['08:00 EAT (opening, inclusive)', '2026-11-22T05:00:00Z', null],
    ['19:59 EAT', '2026-11-22T16:59:00Z', null],
    ['20:00 EAT (closing, exclusive)', '2026-11-22T17:00:00Z', '2026-11-23T05:00:00.000Z'],
    ['23:59 EAT', '2026-11-22T20:59:00Z', '2026-11-23T05:00:00.000Z'],
    ['00:00 EAT the next day', '2026-11-22T21:00:00Z', '2026-11-23T05:00:00.000Z'],
  ])('a promotional message at %s (%s) is held until %s', async (_label, at, held) => {
    const to = await consentedNumber();
    await withClock(new Date(at), async () => {
      const data = expect202(await live(msg({ to, traffic_class: 'promotional' })));
      expect(data.held_until).toBe(held);
      expect(data.status).toBe('accepted');
    });
    await expectWalletInvariant(org.id);
  });

  it('held_until follows the configured window', async () => {
    const to = await consentedNumber();
    await setSendingWindow(await env.ctx(), '13:00', '15:00');
    try {
      // 12:00 EAT: the window opens at 13:00 EAT = 10:00Z the same day.
      const data = expect202(await live(msg({ to, traffic_class: 'promotional' })));
      expect(data.held_until).toBe('2026-11-22T10:00:00.000Z');
    } finally {
      await setSendingWindow(await env.ctx(), '08:00', '20:00');
    }
  });
});

describe('the per-recipient limit (30 live messages an hour per organization and number)', () => {
  it('the 31st live message to one number is 429 rate_limited with Retry-After; other numbers, other organizations and test keys go on', async () => {
    const o = await createOrg(env, { credit: 10_000_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' }, test: { mode: 'test' } } });
    const to = freshNumber();
    for (let i = 0; i < 30; i++) {
      const res = await send(o.keys.live!.secret, msg({ to: i % 2 ? to : `0${to.slice(4)}` }));
      expect(res.status, `message ${i + 1}: ${JSON.stringify(res.body)}`).toBe(202);
    }
    const refused = await expectRefusedLeavingNothing(o.id, (key) => send(o.keys.live!.secret, msg({ to }), key), 429, 'rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another number of the same organization.
    expect(expect202(await send(o.keys.live!.secret, msg())).status).toBe('accepted');
    // The same number from another organization.
    expect(expect202(await live(msg({ to }))).to).toBe(to);
    // A test key is not limited by it.
    expect(expect202(await send(o.keys.test!.secret, msg({ to }))).test).toBe(true);
    // The allowance measures real time: moving the business clock ahead refills nothing.
    const now = await env.clock.now();
    await withClock(new Date(now.getTime() + retryAfter * 1000), async () => {
      expectError(await send(o.keys.live!.secret, msg({ to })), 429, 'rate_limited');
    });
    // After the real time Retry-After gives, the number can be sent to again.
    await letRealTimePass(env, retryAfter * 1000);
    expect(expect202(await send(o.keys.live!.secret, msg({ to }))).status).toBe('accepted');
    const [count] = await env.sql<{ n: number }>('select count(*)::int as n from messages where organization_id = ? and to_phone = ? and not test', [o.id, to]);
    expect(count!.n).toBe(31);
    await expectWalletInvariant(o.id);
  });

  it('refused sends are not messages: they do not count toward the recipient limit', async () => {
    const o = await createOrg(env, { senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' } } });
    const to = freshNumber();
    for (let i = 0; i < 30; i++) {
      const res = await send(o.keys.live!.secret, msg({ to }));
      expectError(res, 422, 'insufficient_funds');
    }
    expect(await env.sql('select id from messages where organization_id = ?', [o.id])).toEqual([]);
    await creditWallet(await env.ctx(), operator, { organizationId: o.id, amount: 100_000n, reference: 'top-up after refusals' });
    const data = expect202(await send(o.keys.live!.secret, msg({ to })));
    expect(data).toMatchObject({ to, status: 'accepted' });
    await expectWalletInvariant(o.id);
  });

  it('test keys are never limited per recipient', async () => {
    const o = await createOrg(env, { senders: [SENDERS[0]!], members: {}, keys: { test: { mode: 'test' } } });
    const to = freshNumber();
    for (let i = 0; i < 35; i++) {
      const res = await send(o.keys.test!.secret, msg({ to }));
      expect(res.status, `test message ${i + 1}`).toBe(202);
    }
  });
});

describe('the per-organization rate limit (per mode)', () => {
  it('live and test traffic are limited separately: 429 rate_limited with Retry-After, nothing recorded', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 2, testRps: 2 } });
    const o = await createOrg(limited, { credit: 1_000_000n, senders: [SENDERS[0]!], members: {}, keys: { live: { mode: 'live' }, test: { mode: 'test' } } });
    const sendTo = (secret: string, key: string = randomUUID()) =>
      request(limited.app).post('/v1/messages').set(bearer(secret)).set('X-Idempotency-Key', key).send(msg());
    expect((await sendTo(o.keys.live!.secret)).status).toBe(202);
    expect((await sendTo(o.keys.live!.secret)).status).toBe(202);
    const before = await snapshot(o.id);
    const key = randomUUID();
    const third = await sendTo(o.keys.live!.secret, key);
    expectError(third, 429, 'rate_limited');
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await snapshot(o.id)).toEqual(before);
    expect(await env.sql('select key from idempotency_records where key = ?', [key])).toEqual([]);
    // The test bucket is its own.
    expect((await sendTo(o.keys.test!.secret)).status).toBe(202);
    expect((await sendTo(o.keys.test!.secret)).status).toBe(202);
    expectError(await sendTo(o.keys.test!.secret), 429, 'rate_limited');
    // Once the time passes, live traffic flows again.
    await letRealTimePass(limited, Number(third.headers['retry-after']) * 1000);
    expect((await sendTo(o.keys.live!.secret)).status).toBe(202);
    await expectWalletInvariant(o.id);
  });
});

describe('idempotency', () => {
  it('the same key and body replay the original 202 with X-Idempotent-Replay: true; one message, one hold', async () => {
    const key = randomUUID();
    const body = msg();
    const before = await wallet(org.id);
    const first = await live(body, key);
    const data = expect202(first);
    expect(first.headers['x-idempotent-replay']).toBeUndefined();
    const again = await live({ ...body }, key);
    expect(again.status).toBe(202);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    // Byte for byte what was first sent, and what the idempotency record keeps.
    expect(again.text).toBe(first.text);
    expect(await env.sql('select result from idempotency_records where organization_id = ? and key = ?', [org.id, key])).toEqual([
      { result: JSON.stringify(first.body.data) },
    ]);
    // Field order does not matter for the request's identity.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const third = await live(reordered, key);
    expect(third.status).toBe(202);
    expect(third.headers['x-idempotent-replay']).toBe('true');
    expect(third.body).toEqual(first.body);
    expect(await env.sql('select id from messages where organization_id = ? and client_ref = ?', [org.id, body.client_ref])).toEqual([{ id: data.id }]);
    expect(await ledgerOf(org.id, data.id)).toEqual([{ kind: 'hold', amount: String(TRANSACTIONAL_UNIT), message_id: data.id }]);
    expect((await wallet(org.id)).available).toBe(before.available - BigInt(TRANSACTIONAL_UNIT));
    await expectWalletInvariant(org.id);
  });

  it('the same key with a different body is 409 idempotency_conflict and records nothing more', async () => {
    const key = randomUUID();
    const body = msg();
    expect202(await live(body, key));
    const before = await snapshot(org.id);
    const res = await live({ ...body, body: 'another text' }, key);
    expectError(res, 409, 'idempotency_conflict');
    expect(await snapshot(org.id)).toEqual(before);
    await expectWalletInvariant(org.id);
  });

  it('the same key with a number that is not valid is 409 idempotency_conflict, not 422: a used key answers first', async () => {
    const key = randomUUID();
    const body = msg();
    expect202(await live(body, key));
    const before = await snapshot(org.id);
    expectError(await live({ ...body, to: '12345' }, key), 409, 'idempotency_conflict');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('the same key from a test key is another request (409 idempotency_conflict), not a replay of the live one', async () => {
    const key = randomUUID();
    const body = msg();
    expect202(await live(body, key));
    const before = await snapshot(org.id);
    expectError(await testKey(body, key), 409, 'idempotency_conflict');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('two identical requests at once: one message, one hold, one of them a replay', async () => {
    const key = randomUUID();
    const body = msg();
    const before = await wallet(org.id);
    const [a, b] = await Promise.all([live(body, key), live(body, key)]);
    expect([a!.status, b!.status]).toEqual([202, 202]);
    expect([a!.headers['x-idempotent-replay'], b!.headers['x-idempotent-replay']].filter((h) => h === 'true')).toHaveLength(1);
    expect(a!.body).toEqual(b!.body);
    const rows = await env.sql<{ id: string }>('select id from messages where organization_id = ? and client_ref = ?', [org.id, body.client_ref]);
    expect(rows).toEqual([{ id: a!.body.data.id }]);
    expect(await ledgerOf(org.id, a!.body.data.id)).toHaveLength(1);
    expect((await wallet(org.id)).available).toBe(before.available - BigInt(TRANSACTIONAL_UNIT));
    await expectWalletInvariant(org.id);
  });

  it('a test-mode replay returns the completed message without a second one', async () => {
    const key = randomUUID();
    const body = msg({ to: freshNumber('8') });
    const first = expect202(await testKey(body, key));
    const again = await testKey(body, key);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.body.data).toEqual(first);
    expect(await env.sql('select id from messages where organization_id = ? and client_ref = ?', [org.id, body.client_ref])).toEqual([{ id: first.id }]);
  });
});
