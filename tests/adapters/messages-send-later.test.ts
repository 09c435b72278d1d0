// send_at and the cancel over REST and tRPC: every refusal leaves the database as it was, a repeat with the same
// key replays and another time conflicts (over tRPC too, where the time arrives parsed), who may cancel what, and
// the OpenAPI document naming send_at and the cancel's refusals.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';
import { walletOf } from '../support/money.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 86_400_000;

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let owner: TrpcClient;
let analyst: TrpcClient;

beforeAll(async () => {
  env = await setupTestEnv();
  const senders = [{ name: 'UJUMBE', classes: ['transactional' as const], routeApproved: true }];
  org = await createOrg(env, {
    credit: 1_000_000n,
    senders,
    members: { owner: 'owner', analyst: 'analyst' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' }, reader: { mode: 'live', scopes: ['messages:read'] } },
  });
  other = await createOrg(env, { credit: 1_000_000n, senders, members: { owner: 'owner' }, keys: { live: { mode: 'live' } } });
  const app = trpcApp(env);
  owner = await signedIn(app, org.members.owner!);
  analyst = await signedIn(app, org.members.analyst!);
});

let serial = 0;
/** The test clock's start: every time here is relative to it, never to today. */
const nowMs = () => Date.parse('2026-11-22T09:00:00Z');
const at = (ms: number) => new Date(nowMs() + ms).toISOString();

function send(secret: string, body: Record<string, unknown>, key = randomUUID()) {
  serial += 1;
  return request(env.app)
    .post('/v1/messages')
    .set(bearer(secret))
    .set('X-Idempotency-Key', key)
    .send({ to: `+2557542${String(serial).padStart(4, '0')}0`, from: 'UJUMBE', body: 'Habari', client_ref: `r-${serial}`, ...body });
}

describe('send_at refusals leave nothing behind', () => {
  it.each([
    ['less than a minute ahead', at(59_000), 422, 'schedule_out_of_range', /less than a minute ahead/],
    ['in the past', at(-MINUTE), 422, 'schedule_out_of_range', /less than a minute ahead/],
    ['more than 30 days ahead', at(30 * DAY + 1000), 422, 'schedule_out_of_range', /more than 30 days ahead/],
    ['not a timestamp', 'tomorrow at nine', 422, 'validation_failed', /RFC 3339/],
    ['without an offset', '2026-11-22T12:00:00', 422, 'validation_failed', /RFC 3339/],
  ])('%s', async (_label, sendAt, status, code, words) => {
    env.clock.set(new Date(nowMs()));
    const before = await snapshot(env);
    const res = await send(org.keys.live!.secret, { send_at: sendAt });
    expect([res.status, res.body.error?.code, res.body.error?.field]).toEqual([status, code, 'send_at']);
    expect(res.body.error.message).toMatch(words);
    expect(changedTables(before, await snapshot(env))).toEqual([]);
  });

  it('the range is what the refusal names: a minute ahead and 30 days ahead are both accepted', async () => {
    env.clock.set(new Date(nowMs()));
    const refusal = (await send(org.keys.live!.secret, { send_at: at(1000) })).body.error;
    expect(refusal.details).toEqual({ now: at(0), earliest: at(MINUTE), latest: at(30 * DAY) });
    expect((await send(org.keys.live!.secret, { send_at: at(MINUTE) })).status).toBe(202);
    expect((await send(org.keys.live!.secret, { send_at: at(30 * DAY) })).status).toBe(202);
  });

  it('a test key (and a member’s trial send) is refused send_at: a test message completes at once', async () => {
    env.clock.set(new Date(nowMs()));
    const before = await snapshot(env);
    const res = await send(org.keys.test!.secret, { send_at: at(HOUR) });
    expect([res.status, res.body.error.code, res.body.error.field]).toEqual([403, 'test_mode_not_allowed', 'send_at']);
    refused(await owner.mutate('messages.send', { idempotencyKey: randomUUID(), mode: 'test', to: '+255754209990', from: 'UJUMBE', body: 'Habari', client_ref: 'trial', send_at: at(HOUR) }), 403, 'test_mode_not_allowed', 'send_at');
    expect(changedTables(before, await snapshot(env))).toEqual([]);
  });
});


describe('send_at is part of the idempotency fingerprint', () => {
  it('REST: the same request replays (one message, one hold); another time conflicts, also after the time has passed', async () => {
    env.clock.set(new Date(nowMs()));
    const key = randomUUID();
    const body = { to: '+255754201110', from: 'UJUMBE', body: 'Habari', client_ref: 'same', send_at: at(HOUR) };
    const post = (b: object) => request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', key).send(b);
    const first = await post(body);
    expect(first.status).toBe(202);
    const held = (await walletOf(env, org.id)).held;
    env.clock.set(new Date(nowMs() + 2 * HOUR));
    const again = await post(body);
    expect([again.status, again.headers['x-idempotent-replay'], again.body.data]).toEqual([202, 'true', first.body.data]);
    const conflict = await post({ ...body, send_at: at(2 * HOUR + 5 * MINUTE) });
    expect([conflict.status, conflict.body.error.code]).toEqual([409, 'idempotency_conflict']);
    expect((await walletOf(env, org.id)).held).toBe(held);
    expect(await env.sql("select 1 from messages where client_ref = 'same'")).toHaveLength(1);
  });

  it('tRPC: the time arrives parsed, and another time still conflicts', async () => {
    env.clock.set(new Date(nowMs()));
    const input = { idempotencyKey: randomUUID(), to: '+255754201120', from: 'UJUMBE', body: 'Habari', client_ref: 'trpc-later', send_at: at(HOUR) };
    const sent = ok(await owner.mutate('messages.send', input));
    expect(sent).toMatchObject({ status: 'accepted', send_at: at(HOUR), held_until: at(HOUR), replay: false });
    expect(ok(await owner.mutate('messages.send', input))).toMatchObject({ id: sent.id, replay: true });
    refused(await owner.mutate('messages.send', { ...input, send_at: at(HOUR + MINUTE) }), 409, 'idempotency_conflict');
    expect(ok(await owner.query('messages.get', { id: sent.id })).send_at).toBe(at(HOUR));
  });
});

describe('who may cancel what', () => {
  async function scheduled(o: OrgFixture = org) {
    env.clock.set(new Date(nowMs()));
    const res = await send(o.keys.live!.secret, { send_at: at(HOUR) });
    expect(res.status).toBe(202);
    return res.body.data as { id: string };
  }
  const cancel = (secret: string, id: string) => request(env.app).post(`/v1/messages/${id}/cancel`).set(bearer(secret)).send({});

  it('another organization’s message, an unknown id and a malformed one are 404 not_found, and nothing moves', async () => {
    const m = await scheduled(other);
    const before = await snapshot(env);
    for (const id of [m.id, randomUUID(), 'not-an-id']) expect((await cancel(org.keys.live!.secret, id)).body.error.code).toBe('not_found');
    expect(changedTables(before, await snapshot(env))).toEqual([]);
    expect((await cancel(other.keys.live!.secret, m.id)).body.data.status).toBe('cancelled');
  });

  it('needs messages:send (a key) or messages.send (a member): refused, nothing moves', async () => {
    const m = await scheduled();
    const before = await snapshot(env);
    expect((await cancel(org.keys.reader!.secret, m.id)).body.error.code).toBe('insufficient_scope');
    refused(await analyst.mutate('messages.cancel', { id: m.id }), 403, 'forbidden');
    // A test key does not know live messages.
    expect((await cancel(org.keys.test!.secret, m.id)).body.error.code).toBe('not_found');
    expect(changedTables(before, await snapshot(env))).toEqual([]);
  });

  it('a member cancels over tRPC; a repeat answers it again as a replay', async () => {
    const m = await scheduled();
    const first = ok(await owner.mutate('messages.cancel', { id: m.id }));
    expect(first).toMatchObject({ id: m.id, status: 'cancelled', replay: false });
    expect(ok(await owner.mutate('messages.cancel', { id: m.id }))).toMatchObject({ id: m.id, status: 'cancelled', final_at: first.final_at, replay: true });
  });
});

describe('the OpenAPI document', () => {
  it('describes send_at, and the cancel with its refusals', async () => {
    const doc = (await request(env.app).get('/v1/openapi.json')).body;
    const send = doc.paths['/v1/messages'].post;
    expect(send.requestBody.content['application/json'].schema.properties.send_at).toMatchObject({ type: 'string', format: 'date-time', description: expect.stringMatching(/30 days/) });
    expect(send.responses['422'].content['application/json'].schema.properties.error.properties.code.enum).toContain('schedule_out_of_range');
    const cancel = doc.paths['/v1/messages/{id}/cancel'].post;
    expect(cancel).toMatchObject({ 'x-svc-scopes': ['messages:send'], 'x-svc-permission': 'messages.send', 'x-svc-refusals': ['not_found', 'message_not_cancellable'] });
    expect(Object.keys(cancel.responses).sort()).toEqual(['200', '404', '409', 'default']);
  });
});
