// What the dashboard marks on a message, on every surface that shows one: the mode a new send starts in (test until
// the organization is verified), the test mark of each message (REST, tRPC and GraphQL, lists and details), and the
// failure reason in plain words in English and Kiswahili beside the spec's failure_reason.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { newId } from '../../core/db/ids.ts';
import { setOrganizationVerified } from '../../core/app/organizations/create-organization.ts';
import { RECEIPT_ERROR_SENTENCES, SERVICE_SENTENCES, SUBMIT_SENTENCES } from '../../core/domain/failure-sentences.ts';
import { bearer, createOrg, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, signedIn, type TrpcClient } from '../support/trpc.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let owner: TrpcClient;
const ids: Record<string, string> = {};

async function seedFailed(reason: string, to: string): Promise<string> {
  const id = newId();
  const now = await env.clock.now();
  await env.sql(
    `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
       unit_amount, total, charge, failure_reason, dispatch_after, expires_at, created_at, updated_at, final_at)
     values (?, ?, false, 'failed', ?, 'UJUMBE', 'Habari', 'transactional', ?, 'gsm7', 1, 2000, 2000, 'released', ?, ?, ?, ?, ?, ?)`,
    [id, org.id, to, `ref-${id}`, reason, now, new Date(now.getTime() + 86_400_000), now, now, now],
  );
  return id;
}

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { logger: { error: (m, e) => console.error(m, e) }, surfaces: [mountTrpc, mountGraphql] });
  org = await createOrg(env, {
    credit: 1_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
    members: { owner: 'owner' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' } },
  });
  owner = await signedIn(app, org.members.owner!);
  const send = (secret: string, to: string) =>
    request(app).post('/v1/messages').set(bearer(secret)).set('X-Idempotency-Key', randomUUID()).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `ref-${to}` });
  for (const [name, secret, to] of [['testFailed', org.keys.test!.secret, '+255754000121'], ['testDelivered', org.keys.test!.secret, '+255754000123'], ['live', org.keys.live!.secret, '+255754000133']] as const) {
    const res = await send(secret, to);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    ids[name] = res.body.data.id;
  }
  ids['refused'] = await seedFailed('SMSC refused submit_sm with ESME_RINVDSTADR', '+255754000143');
  ids['unknownSubscriber'] = await seedFailed('UNDELIV (error 001)', '+255754000153');
});

const EXPECTED: Record<string, { test: boolean; explanation: object | null }> = {
  testFailed: { test: true, explanation: { code: 'test_failed', ...SERVICE_SENTENCES['test_failed'] } },
  testDelivered: { test: true, explanation: null },
  live: { test: false, explanation: null },
  refused: { test: false, explanation: { code: 'ESME_RINVDSTADR', ...SUBMIT_SENTENCES['ESME_RINVDSTADR'] } },
  unknownSubscriber: { test: false, explanation: { code: 'UNDELIV err 1', ...RECEIPT_ERROR_SENTENCES['1'] } },
};

/** Each message of the answer by its name here, with what a page marks on it. */
function marks(messages: { id: string; test: boolean; failure_explanation?: unknown; failureExplanation?: unknown }[]) {
  const named = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return Object.fromEntries(
    messages.filter((m) => named[m.id]).map((m) => [named[m.id], { test: m.test, explanation: m.failure_explanation ?? m.failureExplanation ?? null }]),
  );
}

describe('the mode a new send starts in', () => {
  it('is test while the organization is unverified and live once it is verified, in auth.me and GET /v1/auth/me', async () => {
    const fresh = await createOrg(env, { verified: false, members: { owner: 'owner' }, keys: {} });
    const member = await signedIn(app, fresh.members.owner!);
    const rest = await signInAs(env, fresh.members.owner!);
    expect(ok(await member.query('auth.me')).organization).toMatchObject({ verified: false, default_send_mode: 'test' });
    expect((await rest.agent.get('/v1/auth/me')).body.data.organization).toMatchObject({ verified: false, default_send_mode: 'test' });
    await setOrganizationVerified(await env.ctx(), operator, fresh.id, true);
    expect(ok(await member.query('auth.me')).organization).toMatchObject({ verified: true, default_send_mode: 'live' });
    expect((await rest.agent.get('/v1/auth/me')).body.data.organization).toMatchObject({ verified: true, default_send_mode: 'live' });
  });
});

describe('test marks and failure reasons in plain words', () => {
  it('REST: the list and each message carry test and failure_explanation, failure_reason kept as it was', async () => {
    const rest = await signInAs(env, org.members.owner!);
    const list = await rest.agent.get('/v1/messages?limit=100');
    expect(marks(list.body.data.messages)).toEqual(EXPECTED);
    for (const [name, id] of Object.entries(ids)) {
      const one = (await rest.agent.get(`/v1/messages/${id}`)).body.data;
      expect(marks([one])[name]).toEqual(EXPECTED[name]);
    }
    expect((await rest.agent.get(`/v1/messages/${ids['refused']}`)).body.data.failure_reason).toBe('SMSC refused submit_sm with ESME_RINVDSTADR');
  });

  it('REST: each key sees its own mode, marked', async () => {
    const asTest = await request(app).get('/v1/messages').set(bearer(org.keys.test!.secret));
    expect(marks(asTest.body.data.messages)).toEqual({ testFailed: EXPECTED['testFailed'], testDelivered: EXPECTED['testDelivered'] });
    const one = await request(app).get(`/v1/messages/${ids['testFailed']}`).set(bearer(org.keys.test!.secret));
    expect(one.body.data.failure_explanation).toEqual(EXPECTED['testFailed']!.explanation);
  });

  it('tRPC: messages.list and messages.get answer the same', async () => {
    expect(marks(ok(await owner.query('messages.list', { limit: 100 })).messages)).toEqual(EXPECTED);
    for (const [name, id] of Object.entries(ids)) expect(marks([ok(await owner.query('messages.get', { id }))])[name]).toEqual(EXPECTED[name]);
  });

  it('GraphQL: messages and message carry test and failureExplanation', async () => {
    const fields = 'id test failureReason failureExplanation { code en sw }';
    const seen: Record<string, unknown> = {};
    for (const key of [org.keys.live!.secret, org.keys.test!.secret]) {
      const res = await request(app).post('/graphql').set(bearer(key)).send({ query: `{ messages(first: 100) { edges { node { ${fields} } } } }` });
      expect(res.body.errors).toBeUndefined();
      Object.assign(seen, marks(res.body.data.messages.edges.map((e: { node: never }) => e.node)));
    }
    expect(seen).toEqual(EXPECTED);
    const one = await request(app).post('/graphql').set(bearer(org.keys.live!.secret)).send({ query: `{ message(id: "${ids['unknownSubscriber']}") { ${fields} } }` });
    expect(marks([one.body.data.message])).toEqual({ unknownSubscriber: EXPECTED['unknownSubscriber'] });
  });
});
