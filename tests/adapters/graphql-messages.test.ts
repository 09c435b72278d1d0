// GraphQL messages over HTTP: the filters, Relay paging both ways with capped pages, keys kept to their mode,
// campaign numbers masked as in REST, a message with its attempts and receipts, and a page of 100 messages with
// their attempts and receipts read in a fixed number of statements.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { newId } from '../../core/db/ids.ts';
import { nativePool } from '../../core/db/sql.ts';
import { foldRollupDeltas } from '../../core/db/reports/rollups.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
const campaignId = randomUUID();

interface Seed {
  status: string;
  sender?: string;
  trafficClass?: string;
  campaign?: boolean;
  test?: boolean;
  createdAt?: string;
  to?: string;
}

/** Messages written as the service leaves them (read paths only: sending is tested elsewhere), oldest first. */
async function seed(orgId: string, list: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, m] of list.entries()) {
    const id = newId();
    ids.push(id);
    await env.sql(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments, unit_amount, total,
         charge, campaign_id, dispatch_after, expires_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'Habari', ?, ?, 'gsm7', 1, 2000, 2000, ?, ?, ?, ?::timestamptz + interval '1 day', ?, ?)`,
      [id, orgId, m.test ?? false, m.status, m.to ?? `+25575400${String(1000 + i).slice(-4)}`, m.sender ?? 'UJUMBE', m.trafficClass ?? 'transactional', `ref-${i}`,
        m.test ? 'none' : m.status === 'delivered' ? 'captured' : 'held', m.campaign ? campaignId : null,
        m.createdAt ?? '2026-11-20T08:00:00Z', m.createdAt ?? '2026-11-20T08:00:00Z', m.createdAt ?? '2026-11-20T08:00:00Z', m.createdAt ?? '2026-11-20T08:00:00Z'],
    );
    if (m.status !== 'accepted' && !m.test) {
      await env.sql("insert into message_attempts (organization_id, message_id, number, state, started_at, finished_at) values (?, ?, 1, 'submitted', ?, ?)", [orgId, id, m.createdAt ?? '2026-11-20T08:00:00Z', m.createdAt ?? '2026-11-20T08:00:00Z']);
    }
    if (m.status === 'delivered' && !m.test) {
      await env.sql("insert into message_receipts (id, organization_id, message_id, provider_id, part, delivery, effect, raw_status, received_at) values (?, ?, ?, 'p1', 1, 'delivered', 'delivered', 'DELIVRD', ?)", [newId(), orgId, id, m.createdAt ?? '2026-11-20T08:00:00Z']);
    }
  }
  return ids;
}

const gql = (auth: Record<string, string>, query: string, variables?: object) => request(app).post('/graphql').set(auth).send({ query, variables });
const live = () => bearer(org.keys.live!.secret);
const ids = (res: request.Response) => (res.body.data.messages.edges as { node: { id: string } }[]).map((e) => e.node.id);

let seeded: string[];

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  org = await createOrg(env, { members: { owner: 'owner', analyst: 'analyst' } });
  other = await createOrg(env);
  seeded = await seed(org.id, [
    { status: 'delivered', createdAt: '2026-11-19T10:00:00Z' },
    { status: 'undelivered', sender: 'DUKA', createdAt: '2026-11-20T10:00:00Z' },
    { status: 'failed', trafficClass: 'promotional', createdAt: '2026-11-20T11:00:00Z' },
    { status: 'delivered', campaign: true, to: '+255754123456', createdAt: '2026-11-21T10:00:00Z' },
    { status: 'accepted', createdAt: '2026-11-21T11:00:00Z' },
    { status: 'delivered', test: true, createdAt: '2026-11-21T12:00:00Z' },
  ]);
  await seed(other.id, [{ status: 'delivered' }]);
});

describe('GraphQL messages', () => {
  it('filters by status, traffic class, campaign, sender, creation time and mode', async () => {
    const q = `query ($f: MessageFilter) { messages(filter: $f, first: 100) { edges { node { id status trafficClass from test } } } }`;
    const [d1, u2, f3, c4, a5] = seeded;
    const cases: [object, string[]][] = [
      [{}, [a5!, c4!, f3!, u2!, d1!]],
      [{ status: ['DELIVERED', 'UNDELIVERED'] }, [c4!, u2!, d1!]],
      [{ trafficClass: 'PROMOTIONAL' }, [f3!]],
      [{ campaign: 'NONE' }, [a5!, f3!, u2!, d1!]],
      [{ campaignId }, [c4!]],
      [{ sender: 'DUKA' }, [u2!]],
      [{ createdFrom: '2026-11-20T00:00:00+03:00', createdTo: '2026-11-21T00:00:00+03:00' }, [f3!, u2!]],
    ];
    for (const [filter, expected] of cases) {
      const res = await gql(live(), q, { f: filter });
      expect(res.body.errors, JSON.stringify(filter)).toBeUndefined();
      expect(ids(res), JSON.stringify(filter)).toEqual(expected);
    }
    // A member sees both modes unless the filter says; a live key sees live messages only.
    const owner = request.agent(app);
    await owner.post('/v1/auth/sign-in').send({ email: org.members.owner!.email, password: org.members.owner!.password });
    const all = await owner.post('/graphql').send({ query: q, variables: { f: {} } });
    expect(ids(all)).toHaveLength(6);
    const tests = await owner.post('/graphql').send({ query: q, variables: { f: { test: true } } });
    expect(ids(tests)).toEqual([seeded[5]]);
    const refused = await gql(live(), q, { f: { test: true } });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'filter.test' });
    // Bad filter values are refused naming the field as written.
    for (const [filter, field] of [[{ createdFrom: 'yesterday' }, 'filter.createdFrom'], [{ sender: 'NOT A SENDER ID!' }, 'filter.sender'], [{ campaign: 'NONE', campaignId }, 'filter.campaign']] as const) {
      const res = await gql(live(), q, { f: filter });
      expect(res.body.errors[0].extensions, field).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('pages forwards with first/after and backwards with last/before; pages are at most 100, cursors checked', async () => {
    const q = `query ($first: Int, $after: String, $last: Int, $before: String) {
      messages(first: $first, after: $after, last: $last, before: $before) { edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } }`;
    const first = await gql(live(), q, { first: 2 });
    expect(ids(first)).toEqual([seeded[4], seeded[3]]);
    expect(first.body.data.messages.pageInfo.hasNextPage).toBe(true);
    const second = await gql(live(), q, { first: 2, after: first.body.data.messages.pageInfo.endCursor });
    expect(ids(second)).toEqual([seeded[2], seeded[1]]);
    const third = await gql(live(), q, { first: 2, after: second.body.data.messages.pageInfo.endCursor });
    expect(ids(third)).toEqual([seeded[0]]);
    expect(third.body.data.messages.pageInfo.hasNextPage).toBe(false);
    const back = await gql(live(), q, { last: 2, before: third.body.data.messages.pageInfo.startCursor });
    expect(ids(back)).toEqual([seeded[2], seeded[1]]);
    const tooMany = await gql(live(), q, { first: 101 });
    expect(tooMany.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'first' });
    const badCursor = await gql(live(), q, { first: 2, after: 'not-a-cursor' });
    expect(badCursor.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'after' });
  });

  it('pages a range of creation times by id, both ways, each message of the range once, whatever order the ids were minted in', async () => {
    // Ids minted in the opposite order of the creation times: the range's ids are bounded by the days' rollups.
    const ranged = await createOrg(env);
    const made = await seed(ranged.id, [
      { status: 'delivered', createdAt: '2026-11-22T09:00:00Z' },
      { status: 'delivered', createdAt: '2026-11-21T09:00:00Z' },
      { status: 'delivered', createdAt: '2026-11-21T08:00:00Z' },
      { status: 'delivered', createdAt: '2026-11-21T08:00:00Z' },
      { status: 'delivered', createdAt: '2026-11-21T07:00:00Z' },
      { status: 'delivered', createdAt: '2026-11-20T09:00:00Z' },
    ]);
    const [n0, n1, n2, n3, n4, n5] = made;
    const q = `query ($f: MessageFilter, $first: Int, $after: String, $last: Int, $before: String) {
      messages(filter: $f, first: $first, after: $after, last: $last, before: $before) { edges { node { id } } pageInfo { hasNextPage endCursor startCursor } } }`;
    const f = { createdFrom: '2026-11-21T00:00:00Z', createdTo: '2026-11-22T00:00:00Z' };
    const key = bearer(ranged.keys.live!.secret);
    const check = async () => {
      const first = await gql(key, q, { f, first: 3 });
      expect(ids(first)).toEqual([n4, n3, n2]);
      const second = await gql(key, q, { f, first: 3, after: first.body.data.messages.pageInfo.endCursor });
      expect(ids(second)).toEqual([n1]);
      expect(second.body.data.messages.pageInfo.hasNextPage).toBe(false);
      const back = await gql(key, q, { f, last: 2, before: second.body.data.messages.pageInfo.startCursor });
      expect(ids(back)).toEqual([n3, n2]);
      expect(ids(await gql(key, q, { f: { createdTo: '2026-11-21T08:00:00Z' }, first: 5 }))).toEqual([n5, n4]);
      expect(ids(await gql(key, q, { f: { createdFrom: '2026-11-21T09:00:00Z' }, first: 5 }))).toEqual([n1, n0]);
      expect(ids(await gql(key, q, { f: { createdFrom: '2026-10-01T00:00:00Z', createdTo: '2026-10-02T00:00:00Z' }, first: 5 }))).toEqual([]);
    };
    // Before the tick folds the rollup deltas, and after.
    await check();
    await foldRollupDeltas(await nativePool(env.orm.em));
    expect(await env.sql('select day from message_rollup_deltas where organization_id = ?', [ranged.id])).toEqual([]);
    await check();
  });

  it('masks campaign numbers unless the member may read contacts; single messages show theirs', async () => {
    const q = `query ($id: ID!) { message(id: $id) { to } }`;
    expect((await gql(live(), q, { id: seeded[3] })).body.data.message.to).toBe('+255754****56');
    const analyst = request.agent(app);
    await analyst.post('/v1/auth/sign-in').send({ email: org.members.analyst!.email, password: org.members.analyst!.password });
    expect((await analyst.post('/graphql').send({ query: q, variables: { id: seeded[3] } })).body.data.message.to).toBe('+255754****56');
    const owner = request.agent(app);
    await owner.post('/v1/auth/sign-in').send({ email: org.members.owner!.email, password: org.members.owner!.password });
    expect((await owner.post('/graphql').send({ query: q, variables: { id: seeded[3] } })).body.data.message.to).toBe('+255754123456');
    expect((await gql(live(), q, { id: seeded[0] })).body.data.message.to).toMatch(/^\+25575400\d{4}$/);
  });

  it('reads a message with its attempts and receipts; another organization’s is not found', async () => {
    const res = await gql(live(), `query ($id: ID!) { message(id: $id) { id status price { total charged currency } attempts { number state } receipts { delivery rawStatus effect } } }`, { id: seeded[0] });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.message).toEqual({
      id: seeded[0], status: 'DELIVERED', price: { total: 2000, charged: true, currency: 'TZS' },
      attempts: [{ number: 1, state: 'submitted' }], receipts: [{ delivery: 'delivered', rawStatus: 'DELIVRD', effect: 'delivered' }],
    });
    const [foreign] = (await env.sql<{ id: string }>('select id from messages where organization_id = ?', [other.id]));
    const hidden = await gql(live(), `query ($id: ID!) { message(id: $id) { id } }`, { id: foreign!.id });
    expect(hidden.body.errors[0].extensions.code).toBe('not_found');
  });

  it('a page of 100 messages with their campaigns, attempts and receipts takes as many statements as a page of one', async () => {
    const busy = await createOrg(env);
    await seed(busy.id, Array.from({ length: 120 }, (_, i) => ({ status: i % 3 ? 'delivered' : 'failed', campaign: i % 2 === 0 })));
    const connection = env.deps.orm.em.getConnection();
    const execute = connection.execute.bind(connection);
    const count = async (first: number) => {
      let statements = 0;
      connection.execute = ((...args: Parameters<typeof execute>) => {
        statements += 1;
        return execute(...args);
      }) as typeof connection.execute;
      try {
        const res = await gql(bearer(busy.keys.live!.secret), `query ($first: Int) { messages(first: $first) { edges { node { id campaign { id name } attempts { state } receipts { delivery } } } } }`, { first });
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data.messages.edges).toHaveLength(first);
      } finally {
        connection.execute = execute;
      }
      return statements;
    };
    // The first request of a key also marks it used; count from the second.
    await count(1);
    // Two messages, one of a campaign (every other message is), against a hundred.
    const one = await count(2);
    const hundred = await count(100);
    // The page, its attempts, its receipts, its campaigns (with their quotes and the platform settings they show).
    expect(one).toBeLessThanOrEqual(6);
    expect(hundred).toBe(one);
  });
});
