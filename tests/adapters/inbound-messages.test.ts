// Inbound messages as their organization reads them, on the real database: GET /v1/inbound-messages (keyset pages
// newest first, filters by sender, number and time, refusals naming their field, scope messages:read and the
// member permission, a test key sees none) and /{id} (404 for another organization's), GraphQL inboundMessages and
// inboundMessage, and the message.received event queued in the storing transaction and fanned out whole.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { assignNumber, receive } from '../support/inbound-messages.ts';
import { fanOut } from '../../core/app/webhooks/deliveries.ts';

let env: TestEnv;
let app: ReturnType<typeof createServiceApp>;
let org: OrgFixture;
let other: OrgFixture;
let code: string;
let longNumber: string;
/** Oldest first: [a from A to code at T0, b from B to code at T0+1h, c from A to the long number at T0+2h, d from A at T0+3h]. */
const ids: string[] = [];
const A = '+255754000101';
const B = '+255713000202';
const T0 = new Date('2026-11-22T09:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
let otherId: string;

beforeAll(async () => {
  env = await setupTestEnv({ webhooksAllowLoopback: true });
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  org = await createOrg(env, {
    members: { owner: 'owner', analyst: 'analyst', marketer: 'marketer' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' }, sender: { mode: 'live', scopes: ['messages:send'] }, reader: { mode: 'live', scopes: ['messages:read'] } },
  });
  other = await createOrg(env);
  code = await assignNumber(env, org.id);
  longNumber = await assignNumber(env, org.id, '+255222000333');
  const otherCode = await assignNumber(env, other.id);
  const sends: [string, string, string][] = [[A, code, 'Habari, bei gani?'], [B, code, 'Hello'], [A, longNumber, 'Asante'], [`0${A.slice(4)}`, code, 'STOP']];
  for (const [i, [from, to, body]] of sends.entries()) {
    env.clock.set(at(i));
    ids.push((await receive(env, { from, to, body })).id!);
  }
  otherId = (await receive(env, { from: A, to: otherCode, body: 'Not yours' })).id!;
});

const get = (path: string, secret = org.keys.live!.secret) => request(app).get(path).set(bearer(secret));
const listed = (res: request.Response) => (res.body.data.inbound_messages as { id: string }[]).map((m) => m.id);
const a = () => ids[0]!;
const b = () => ids[1]!;
const c = () => ids[2]!;
const d = () => ids[3]!;

function expectRefused(res: request.Response, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code } });
  if (field) expect(res.body.error.field).toBe(field);
}

describe('GET /v1/inbound-messages', () => {
  it('lists newest first, each as id, from, to, body, received_at, keyword', async () => {
    const res = await get('/v1/inbound-messages');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(listed(res)).toEqual([d(), c(), b(), a()]);
    expect(res.body.data.inbound_messages[0]).toEqual({ id: d(), from: A, to: code, body: 'STOP', incomplete: false, received_at: at(3).toISOString(), keyword: 'opt_out' });
    expect(res.body.data.inbound_messages[3]).toEqual({ id: a(), from: A, to: code, body: 'Habari, bei gani?', incomplete: false, received_at: at(0).toISOString(), keyword: null });
    expect(res.body.data.next_before).toBeNull();
  });

  it('pages by before and limit, with next_before', async () => {
    const first = await get('/v1/inbound-messages?limit=3');
    expect(listed(first)).toEqual([d(), c(), b()]);
    expect(first.body.data.next_before).toBe(b());
    const second = await get(`/v1/inbound-messages?limit=3&before=${first.body.data.next_before}`);
    expect(listed(second)).toEqual([a()]);
    expect(second.body.data.next_before).toBeNull();
  });

  it('filters by sender in any accepted form, by number or short code, and by time', async () => {
    expect(listed(await get(`/v1/inbound-messages?from=0${A.slice(4)}`))).toEqual([d(), c(), a()]);
    expect(listed(await get(`/v1/inbound-messages?from=${encodeURIComponent('+255 713 000 202')}`))).toEqual([b()]);
    expect(listed(await get(`/v1/inbound-messages?to=${code}`))).toEqual([d(), b(), a()]);
    expect(listed(await get('/v1/inbound-messages?to=0222000333'))).toEqual([c()]);
    const since = encodeURIComponent(at(1).toISOString());
    const until = encodeURIComponent(at(3).toISOString());
    expect(listed(await get(`/v1/inbound-messages?since=${since}&until=${until}`))).toEqual([c(), b()]);
    expect(listed(await get(`/v1/inbound-messages?from=${encodeURIComponent(A)}&since=${since}`))).toEqual([d(), c()]);
  });

  it.each([
    ['from=12345', 'from'],
    ['from=%2B254712345678', 'from'],
    ['to=12', 'to'],
    ['since=yesterday', 'since'],
    ['until=2026-11-22', 'until'],
    [`since=${encodeURIComponent(at(2).toISOString())}&until=${encodeURIComponent(at(1).toISOString())}`, 'until'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['before=abc', 'before'],
    ['sender=x', undefined],
  ])('refuses %s (422, field %s)', async (query, field) => {
    expectRefused(await get(`/v1/inbound-messages?${query}`), 422, 'validation_failed', field);
  });

  it('needs messages:read for keys and messages.read for members; a test key sees none', async () => {
    expectRefused(await get('/v1/inbound-messages', org.keys.sender!.secret), 403, 'insufficient_scope');
    expect(listed(await get('/v1/inbound-messages', org.keys.reader!.secret))).toHaveLength(4);
    expect(listed(await get('/v1/inbound-messages', org.keys.test!.secret))).toEqual([]);
    const marketer = await signInAs(env, org.members.marketer!);
    expectRefused(await marketer.agent.get('/v1/inbound-messages'), 403, 'forbidden');
    const analyst = await signInAs(env, org.members.analyst!);
    expect(listed(await analyst.agent.get('/v1/inbound-messages'))).toHaveLength(4);
    expectRefused(await request(app).get('/v1/inbound-messages'), 401, 'unauthorized');
  });

  it('GET /v1/inbound-messages/{id}: the message; another organization’s id, an unknown or malformed one is 404', async () => {
    const one = await get(`/v1/inbound-messages/${b()}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ id: b(), from: B, to: code, body: 'Hello', incomplete: false, received_at: at(1).toISOString(), keyword: null });
    expectRefused(await get(`/v1/inbound-messages/${otherId}`), 404, 'not_found');
    expectRefused(await get('/v1/inbound-messages/0193f5d2-0000-7000-8000-000000000000'), 404, 'not_found');
    expectRefused(await get(`/v1/inbound-messages/${b()}`, org.keys.test!.secret), 404, 'not_found');
  });

  it('another organization sees only its own', async () => {
    expect(listed(await get('/v1/inbound-messages', other.keys.live!.secret))).toEqual([otherId]);
  });
});

describe('GraphQL inboundMessages', () => {
  const q = `query ($f: InboundMessageFilter, $first: Int, $after: String) {
    inboundMessages(filter: $f, first: $first, after: $after) { edges { node { id from to body receivedAt keyword } } pageInfo { hasNextPage endCursor } } }`;
  const gql = (variables: object, secret = org.keys.live!.secret) => request(app).post('/graphql').set(bearer(secret)).send({ query: q, variables });
  const nodes = (res: request.Response) => (res.body.data.inboundMessages.edges as { node: { id: string } }[]).map((e) => e.node.id);

  it('the same messages, filters and pages as REST', async () => {
    const all = await gql({});
    expect(all.body.errors).toBeUndefined();
    expect(nodes(all)).toEqual([d(), c(), b(), a()]);
    expect(all.body.data.inboundMessages.edges[0].node).toEqual({ id: d(), from: A, to: code, body: 'STOP', receivedAt: at(3).toISOString(), keyword: 'OPT_OUT' });
    const page = await gql({ first: 2 });
    expect(nodes(page)).toEqual([d(), c()]);
    expect(page.body.data.inboundMessages.pageInfo.hasNextPage).toBe(true);
    expect(nodes(await gql({ first: 2, after: page.body.data.inboundMessages.pageInfo.endCursor }))).toEqual([b(), a()]);
    expect(nodes(await gql({ f: { from: `0${A.slice(4)}`, since: at(1).toISOString() } }))).toEqual([d(), c()]);
    expect(nodes(await gql({ f: { to: longNumber } }))).toEqual([c()]);
  });

  it('refusals name the argument as written; scopes as REST', async () => {
    const bad = await gql({ f: { from: 'nope' } });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'filter.from' });
    const big = await gql({ first: 101 });
    expect(big.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'first' });
    const refused = await gql({}, org.keys.sender!.secret);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'insufficient_scope' });
    const one = await request(app).post('/graphql').set(bearer(org.keys.live!.secret)).send({ query: `{ inboundMessage(id: "${otherId}") { id } }` });
    expect(one.body.errors[0].extensions).toMatchObject({ code: 'not_found' });
  });
});

describe('the message.received event', () => {
  it('is queued with the message, and fanned out whole to an endpoint that subscribes', async () => {
    const owner = await signInAs(env, org.members.owner!);
    const endpoint = await owner.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', owner.csrf).send({ url: 'http://127.0.0.1:9/hooks', event_types: ['message.received'] });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const events = await env.sql<{ type: string; subject_id: string; payload: { data: object } }>('select type, subject_id, payload from outbox_events where organization_id = ? and type = ? order by id', [org.id, 'message.received']);
    expect(events.map((e) => e.subject_id)).toEqual(ids);
    expect(events[3]!.payload.data).toEqual({ id: d(), from: A, to: code, body: 'STOP', incomplete: false, received_at: at(3).toISOString(), keyword: 'opt_out' });
    const stored = await receive(env, { from: B, to: code, body: 'Je, mnafungua saa ngapi?' });
    await fanOut(env.deps);
    const delivered = await env.sql<{ body: string }>('select body from webhook_deliveries where organization_id = ? and subject_id = ?', [org.id, stored.id]);
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({
      type: 'message.received',
      data: { id: stored.id, from: B, to: code, body: 'Je, mnafungua saa ngapi?', keyword: null },
    });
  });

  it('a message to a number nobody owns sets off nothing', async () => {
    const before = await env.sql('select id from outbox_events order by id');
    const stored = await receive(env, { from: A, to: '99999', body: 'STOP' });
    expect(stored.organizationId).toBeNull();
    expect(await env.sql('select id from outbox_events order by id')).toEqual(before);
    expect(await env.sql('select id from opt_outs where phone = ? and organization_id <> ?', [A, org.id])).toEqual([]);
  });
});
