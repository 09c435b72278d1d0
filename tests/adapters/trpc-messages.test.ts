// The dashboard's messages and sender IDs over tRPC on the real database: a member's live send (held, replayed by its
// key, refused with REST's codes), the live counter of messages.preview (numbers per route, price, nothing written),
// list and get as REST answers them, today's counts by status in Dar es Salaam, and sender IDs.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSmsRoute } from '../../core/app/platform/settings.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { walletOf } from '../support/money.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let developer: TrpcClient;
let analyst: TrpcClient;
let marketer: TrpcClient;
const T0 = new Date('2026-11-22T09:00:00Z');
const SENDERS = [
  { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true },
  { name: 'PROMOONLY', classes: ['promotional'] as ('transactional' | 'promotional')[], routeApproved: true },
];

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { credit: 10_000_000n, senders: SENDERS, members: { developer: 'developer', analyst: 'analyst', marketer: 'marketer', billing: 'billing' } });
  [developer, analyst, marketer] = await Promise.all([signedIn(app, org.members.developer!), signedIn(app, org.members.analyst!), signedIn(app, org.members.marketer!)]);
});

let serial = 0;
const phone = (last = '3') => `+255754${String(10000 + ++serial).slice(-5)}${last}`;
const message = (over: Record<string, unknown> = {}) => ({ to: phone(), from: 'UJUMBE', body: 'Habari, karibu Ujumbe', client_ref: `ref-${++serial}`, ...over });
const count = async (sql: string, params: unknown[]) => (await env.sql<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;
const messagesOf = (orgId: string) => count('messages where organization_id = ?', [orgId]);

describe('messages.send', () => {
  it('a member sends a live message: accepted and held; the same key replays it, another input with it is a conflict', async () => {
    const before = await walletOf(env, org.id);
    const input = { ...message(), idempotencyKey: randomUUID() };
    const sent = ok(await developer.mutate('messages.send', input));
    expect(sent).toMatchObject({ status: 'accepted', test: false, to: input.to, from: 'UJUMBE', encoding: 'gsm7', segments: 1, replay: false });
    expect(sent.price).toEqual({ currency: 'TZS', unit: 'cents', unit_amount: 2000, total: 2000, charged: false });
    const after = await walletOf(env, org.id);
    expect({ available: before.available - after.available, held: after.held - before.held }).toEqual({ available: 2000n, held: 2000n });

    const again = ok(await developer.mutate('messages.send', input));
    expect(again).toEqual({ ...sent, replay: true });
    expect(await count('messages where client_ref = ?', [input.client_ref])).toBe(1);
    expect(await walletOf(env, org.id)).toEqual(after);

    refused(await developer.mutate('messages.send', { ...input, body: 'Another text' }), 409, 'idempotency_conflict');
    expect(await count('messages where client_ref = ?', [input.client_ref])).toBe(1);
  });

  it("refusals carry REST's code and field and leave nothing: bad number, sender not approved, no key, no permission, no CSRF token", async () => {
    const before = { messages: await messagesOf(org.id), wallet: await walletOf(env, org.id), keys: await count('idempotency_records where organization_id = ?', [org.id]) };
    refused(await developer.mutate('messages.send', { ...message({ to: '12345' }), idempotencyKey: randomUUID() }), 422, 'validation_failed', 'to');
    refused(await developer.mutate('messages.send', { ...message({ from: 'PROMOONLY' }), idempotencyKey: randomUUID() }), 403, 'sender_not_authorized', 'from');
    refused(await developer.mutate('messages.send', message()), 400, 'validation_failed', 'idempotencyKey');
    for (const who of [analyst, marketer]) refused(await who.mutate('messages.send', { ...message(), idempotencyKey: randomUUID() }), 403, 'forbidden');
    const noToken = await developer.agent.post('/trpc/messages.send').send({ ...message(), idempotencyKey: randomUUID() });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.data.ujumbe).toMatchObject({ code: 'forbidden', field: 'X-CSRF-Token' });
    expect({ messages: await messagesOf(org.id), wallet: await walletOf(env, org.id), keys: await count('idempotency_records where organization_id = ?', [org.id]) }).toEqual(before);
  });
});

describe('messages.preview', () => {
  const preview = (body: string, over: Record<string, unknown> = {}, who = developer) => who.query('messages.preview', { body, traffic_class: 'transactional', ...over });

  it('counts a GSM body: characters, segments and the room left (an extension character takes two), priced by the plan', async () => {
    expect(ok(await preview('Habari', { from: 'UJUMBE' }))).toEqual({
      sms_route: 'gsm0338', traffic_class: 'transactional', characters: 6, encoding: 'gsm7', segments: 1, left_in_segment: 154,
      ucs2_characters: [], refused_characters: [], refusal: null, max_characters: 1600, max_segments: 10,
      price: { currency: 'TZS', unit: 'cents', unit_amount: 2000, total: 2000 }, price_unavailable: null,
    });
    expect(ok(await preview(`${'a'.repeat(158)}€`))).toMatchObject({ characters: 159, segments: 1, left_in_segment: 0 });
    expect(ok(await preview('a'.repeat(161), { traffic_class: 'promotional' }))).toMatchObject({
      segments: 2, left_in_segment: 153 * 2 - 161, price: { unit_amount: 2500, total: 5000 },
    });
  });

  it('an emoji makes the body UCS-2 and is named with its position; past ten segments there is no price', async () => {
    const emoji = ok(await preview('Habari 😀 rafiki'));
    expect(emoji).toMatchObject({ encoding: 'ucs2', characters: 15, segments: 1, left_in_segment: 70 - 16, refusal: null });
    expect(emoji.ucs2_characters).toEqual([{ character: '😀', codepoint: 'U+1F600', position: 7 }]);
    const long = ok(await preview('a'.repeat(1531)));
    expect(long).toMatchObject({ segments: 11, price: null, price_unavailable: { code: 'too_many_segments' }, refusal: { code: 'too_many_segments', field: 'body' } });
  });

  it("on the ascii route: the characters it refuses, exactly as the send's encoding_not_supported lists them", async () => {
    const body = 'Karibu café “Mbeya”';
    await setSmsRoute(await env.ctx(), 'ascii');
    try {
      const counted = ok(await preview(body));
      const sent = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', randomUUID()).send(message({ body }));
      expect(sent.status).toBe(422);
      expect(counted.refused_characters).toEqual(sent.body.error.details.characters);
      expect(counted.refused_characters.map((c: { position: number }) => c.position)).toEqual([10, 12, 18]);
      expect(counted).toMatchObject({ sms_route: 'ascii', encoding: 'ascii', characters: 19, segments: 1, left_in_segment: 141, ucs2_characters: [] });
      expect(counted.refusal).toMatchObject({ code: 'encoding_not_supported', field: 'body' });
    } finally {
      await setSmsRoute(await env.ctx(), 'gsm0338');
    }
  });

  it('without a price plan the price is null with the reason; it writes nothing; it needs the send permission', async () => {
    const bare = await createOrg(env, { pricePlan: false, members: { owner: 'owner' }, keys: {} });
    const owner = await signedIn(app, bare.members.owner!);
    const before = await snapshot(env);
    const answer = ok(await preview('Habari', {}, owner));
    expect(answer).toMatchObject({ segments: 1, price: null, price_unavailable: { code: 'no_price_plan' } });
    ok(await preview('Habari 😀'));
    expect(changedTables(before, await snapshot(env))).toEqual([]);
    for (const who of [analyst, marketer]) refused(await preview('Habari', {}, who), 403, 'forbidden');
    refused(await preview('Habari \u0085'), 422, 'validation_failed', 'body');
    refused(await developer.query('messages.preview', { body: 'x', traffic_class: 'bulk' }), 400, 'validation_failed', 'traffic_class');
  });
});

describe('messages.list and messages.get', () => {
  it("answer what REST answers to the same session; messages.read is needed; another organization's id is not found", async () => {
    const sent = ok(await developer.mutate('messages.send', { ...message(), idempotencyKey: randomUUID() }));
    const listed = ok(await analyst.query('messages.list', { limit: 5 }));
    expect(listed).toEqual((await analyst.agent.get('/v1/messages?limit=5')).body.data);
    expect(listed.messages[0].id).toBe(sent.id);
    const got = ok(await analyst.query('messages.get', { id: sent.id }));
    expect(got).toEqual((await analyst.agent.get(`/v1/messages/${sent.id}`)).body.data);
    expect(got).toMatchObject({ attempts: [], receipts: [] });
    refused(await marketer.query('messages.list', { limit: 5 }), 403, 'forbidden');
    refused(await marketer.query('messages.get', { id: sent.id }), 403, 'forbidden');
    const other = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
    refused(await (await signedIn(app, other.members.owner!)).query('messages.get', { id: sent.id }), 404, 'not_found');
  });
});

describe('messages.today', () => {
  it("counts today's messages by status, today being the day in Africa/Dar_es_Salaam of the clock's now", async () => {
    const fresh = await createOrg(env, { credit: 1_000_000n, senders: SENDERS, members: { owner: 'owner', marketer: 'marketer' } });
    const owner = await signedIn(app, fresh.members.owner!);
    const send = () => owner.mutate('messages.send', { ...message(), idempotencyKey: randomUUID() });
    try {
      env.clock.set(new Date('2026-11-21T20:59:00Z')); // 23:59 in Dar es Salaam, the day before
      ok(await send());
      env.clock.set(T0);
      ok(await send());
      ok(await send());
      for (const last of ['3', '1', '8']) {
        const res = await request(env.app).post('/v1/messages').set(bearer(fresh.keys.test!.secret)).set('X-Idempotency-Key', randomUUID()).send(message({ to: phone(last) }));
        expect(res.status).toBe(202);
      }
      const live = ok(await owner.query('messages.today'));
      expect(live).toMatchObject({ day: '2026-11-22', time_zone: 'Africa/Dar_es_Salaam', test: false, messages: 2, pending: 2, delivery_rate: null });
      expect(live.counts).toMatchObject({ accepted: 2, delivered: 0 });
      const test = ok(await owner.query('messages.today', { test: true }));
      expect(test).toMatchObject({ messages: 3, pending: 0, delivery_rate: 1 / 3 });
      expect(test.counts).toMatchObject({ delivered: 1, failed: 1, undelivered: 1, accepted: 0 });
      env.clock.set(new Date('2026-11-22T21:00:00Z')); // midnight in Dar es Salaam: a new day
      expect(ok(await owner.query('messages.today'))).toMatchObject({ day: '2026-11-23', messages: 0, counts: { accepted: 0 } });
      refused(await (await signedIn(app, fresh.members.marketer!)).query('messages.today'), 403, 'forbidden');
    } finally {
      env.clock.set(T0);
    }
  });
});

describe('senderIds', () => {
  it('list answers what REST answers; a request is made once per key and refused with its code and field', async () => {
    const owner = await signedIn(app, (await createOrg(env, { senders: SENDERS, members: { owner: 'owner' }, keys: {} })).members.owner!);
    expect(ok(await marketer.query('senderIds.list'))).toEqual((await marketer.agent.get('/v1/sender-ids')).body.data);
    const input = { name: 'NEWCO', traffic_classes: ['transactional', 'promotional'], idempotencyKey: randomUUID() };
    const requested = ok(await owner.mutate('senderIds.request', input));
    expect(requested.sender_id).toMatchObject({ name: 'NEWCO', approval: { status: 'requested', traffic_classes: [], requested_traffic_classes: ['transactional', 'promotional'] } });
    expect(requested.replay).toBe(false);
    expect(ok(await owner.mutate('senderIds.request', input))).toEqual({ ...requested, replay: true });
    refused(await owner.mutate('senderIds.request', { name: 'newco' }), 409, 'sender_id_exists', 'name');
    refused(await owner.mutate('senderIds.request', { name: 'NOT VALID!!' }), 400, 'validation_failed', 'name');
    refused(await analyst.mutate('senderIds.request', { name: 'OTHER' }), 403, 'forbidden');
    refused(await (await signedIn(app, org.members.billing!)).query('senderIds.list'), 403, 'forbidden');
    expect(await count("sender_ids where upper(name) in ('NEWCO', 'NOT VALID!!', 'OTHER')", [])).toBe(1);
  });
});

describe('trial sends (mode test)', () => {
  it('a member\'s test message completes at once by the last digit, moves no money and lists as a test message', async () => {
    const before = await walletOf(env, org.id);
    const delivered = ok(await developer.mutate('messages.send', { ...message({ to: phone('5') }), idempotencyKey: randomUUID(), mode: 'test' }));
    const failed = ok(await developer.mutate('messages.send', { ...message({ to: phone('1') }), idempotencyKey: randomUUID(), mode: 'test' }));
    expect(delivered).toMatchObject({ status: 'delivered', price: { charged: false }, replay: false });
    expect(failed).toMatchObject({ status: 'failed', replay: false });
    expect(await walletOf(env, org.id)).toEqual(before);
    const rows = await env.sql<{ test: boolean; member_id: string; api_key_id: string | null }>('select test, member_id, api_key_id from messages where id = any(?::uuid[])', [
      `{${delivered.id},${failed.id}}`,
    ]);
    expect(rows).toEqual([
      { test: true, member_id: org.members.developer!.id, api_key_id: null },
      { test: true, member_id: org.members.developer!.id, api_key_id: null },
    ]);
    const listed = ok(await developer.query('messages.list', { mode: 'test' })).messages.map((m: { id: string }) => m.id);
    expect(listed).toEqual(expect.arrayContaining([delivered.id, failed.id]));
    expect(ok(await developer.query('messages.list', { mode: 'live' })).messages.map((m: { id: string }) => m.id)).not.toContain(delivered.id);
  });

  it('the same key for a test and then a live send of the same message is a conflict, not a replay', async () => {
    const input = { ...message(), idempotencyKey: randomUUID() };
    ok(await developer.mutate('messages.send', { ...input, mode: 'test' }));
    const before = await walletOf(env, org.id);
    refused(await developer.mutate('messages.send', input), 409, 'idempotency_conflict');
    expect(await walletOf(env, org.id)).toEqual(before);
  });
});
