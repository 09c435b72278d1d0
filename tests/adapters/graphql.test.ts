// GraphQL reporting over HTTP: same use cases and permissions as REST, masked errors, size and input limits.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { MAX_ALIASES, MAX_COST, MAX_DEPTH, MAX_DIRECTIVES, MAX_TOKENS } from '../../graphql/limits.ts';
import { bearer, createOrg, operator, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { campaignPhone, createAudience, createDraft, quote } from '../support/campaigns.ts';
import { addSenderId } from '../../core/app/sender-ids/add-sender-id.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
/** The same service with production's settings (introspection off), on the same database. */
let production: ReturnType<typeof createServiceApp>;

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  const productionDeps = { ...env.deps, config: { ...env.deps.config, production: true } };
  production = createServiceApp(productionDeps, { surfaces: [mountGraphql] });
  org = await createOrg(env, {
    credit: 3_000_000_000n,
    members: { analyst: 'analyst', marketer: 'marketer' },
    keys: { live: { mode: 'live' }, read: { mode: 'live', scopes: ['messages:read'] } },
  });
});

const gql = (auth: Record<string, string>, query: string, variables?: object) =>
  request(app).post('/graphql').set(auth).send({ query, variables });
const live = () => bearer(org.keys.live!.secret);

describe('GraphQL', () => {
  it('wallet and ledger answer what REST answers, with cents beyond 32 bits exact', async () => {
    const res = await gql(bearer(org.keys.live!.secret), '{ wallet { available held frozen currency } ledgerEntries(first: 5) { edges { node { kind amount balanceAfter } } pageInfo { hasNextPage } } }');
    expect(res.status).toBe(200);
    expect(res.body.data.wallet).toEqual({ available: 3_000_000_000, held: 0, frozen: false, currency: 'TZS' });
    expect(res.body.data.ledgerEntries).toEqual({ edges: [{ node: { kind: 'TOP_UP', amount: 3_000_000_000, balanceAfter: 3_000_000_000 } }], pageInfo: { hasNextPage: false } });
    // Filters: kind, and the creation time in [from, to).
    const filtered = async (args: string) => (await gql(live(), `{ ledgerEntries(${args}) { edges { node { kind } } } }`)).body.data.ledgerEntries.edges.length;
    expect(await filtered('kind: TOP_UP')).toBe(1);
    expect(await filtered('kind: HOLD')).toBe(0);
    expect(await filtered('from: "2000-01-01T00:00:00Z", to: "2999-01-01T00:00:00Z"')).toBe(1);
    expect(await filtered('to: "2000-01-01T00:00:00Z"')).toBe(0);
  });

  it('members sign in with the session cookie; the permission decides (analyst may read the wallet)', async () => {
    const agent = request.agent(app);
    await agent.post('/v1/auth/sign-in').send({ email: org.members.analyst!.email, password: org.members.analyst!.password });
    const res = await agent.post('/graphql').send({ query: '{ serviceStatus { smsRoute liveDispatch time } wallet { available } }' });
    expect(res.body.data.serviceStatus).toEqual({ smsRoute: 'gsm0338', liveDispatch: false, time: '2026-11-22T09:00:00.000Z' });
    expect(res.body.data.wallet.available).toBe(3_000_000_000);
  });

  it('a key without the scope gets insufficient_scope on that field only', async () => {
    const res = await gql(bearer(org.keys.read!.secret), '{ serviceStatus { smsRoute } wallet { available } }');
    expect(res.body.data.serviceStatus.smsRoute).toBe('gsm0338');
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('campaigns and campaign: the REST shapes with their quote and launch; campaigns.read decides', async () => {
    await addSenderId(await env.ctx(), operator, { organizationId: org.id, name: 'UJUMBE', classes: ['transactional'], routeApproved: true });
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone(), campaignPhone()] });
    const live = { app, bearer: org.keys.live!.secret };
    const draft = await createDraft(live, { name: 'Ripoti', group_ids: [groupId] });
    const q = await quote(live, draft.id);
    const res = await gql(bearer(org.keys.live!.secret), `query ($id: ID!) {
      campaigns(first: 10) { edges { node { id name status } } pageInfo { hasNextPage } }
      campaign(id: $id) { name status trafficClass senderId segments version createdVia quote { id status eligible total unitAmount } launch { fed } }
    }`, { id: draft.id });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.campaigns).toEqual({ edges: [{ node: { id: draft.id, name: 'Ripoti', status: 'DRAFT' } }], pageInfo: { hasNextPage: false } });
    expect(res.body.data.campaign).toEqual({
      name: 'Ripoti', status: 'DRAFT', trafficClass: 'transactional', senderId: 'UJUMBE', segments: 1, version: 1, createdVia: 'api',
      quote: { id: q.id, status: 'current', eligible: 2, total: 4000, unitAmount: 2000 },
      launch: null,
    });
    const byStatus = async (status: string) => (await gql(bearer(org.keys.live!.secret), `{ campaigns(status: ${status}) { edges { node { id } } } }`)).body.data.campaigns.edges.length;
    expect([await byStatus('DRAFT'), await byStatus('SENDING')]).toEqual([1, 0]);
    const refused = await gql(bearer(org.keys.read!.secret), '{ campaigns { pageInfo { hasNextPage } } }');
    expect(refused.body.errors[0].extensions.code).toBe('insufficient_scope');
    const unknown = await gql(bearer(org.keys.live!.secret), '{ campaign(id: "01a2037b-dada-7699-85e1-435fe8be8962") { id } }');
    expect(unknown.body.errors[0].extensions.code).toBe('not_found');
  });

  it('no credentials: 401 unauthorized', async () => {
    const res = await gql({}, '{ serviceStatus { smsRoute } }');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('unauthorized');
  });

  it('invalid arguments are validation_failed with the field', async () => {
    const res = await gql(bearer(org.keys.live!.secret), '{ ledgerEntries(from: "yesterday") { pageInfo { hasNextPage } } }');
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'from' });
  });

  it(`refuses a document of more than ${MAX_TOKENS} tokens while parsing: a selection nested 3,000 deep is an error, not a crash`, async () => {
    const deep = `{ ${'wallet { '.repeat(3000)}available${' }'.repeat(3000)} }`;
    const res = await gql(bearer(org.keys.live!.secret), deep);
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors[0].message).toMatch(/token/i);
    expect(res.body.data).toBeUndefined();
    // The service still answers.
    expect((await gql(bearer(org.keys.live!.secret), '{ wallet { available } }')).body.data.wallet).toBeDefined();
  });
});

describe('GraphQL limits', () => {
  const refusedWith = (res: request.Response, message: RegExp) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContainEqual(expect.stringMatching(message));
  };

  it(`refuses queries nested deeper than ${MAX_DEPTH}, named fragments followed`, async () => {
    const deep = `{ __type(name: "Query") { ...Deep } }
      fragment Deep on __Type { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    refusedWith(await gql(live(), deep), /nested deeper than 8/);
    const shallow = `{ __type(name: "Query") { ...Shallow } } fragment Shallow on __Type { fields { type { ofType { name } } } }`;
    expect((await gql(live(), shallow)).body.data.__type.fields.length).toBeGreaterThan(0);
  });

  it(`refuses more than ${MAX_ALIASES} aliases`, async () => {
    const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `w${i}: wallet { available }`).join(' ')} }`;
    expect((await gql(live(), aliased(MAX_ALIASES))).body.data.w0.available).toBe(3_000_000_000);
    refusedWith(await gql(live(), aliased(MAX_ALIASES + 1)), /more than 10 aliases/);
  });

  it(`refuses more than ${MAX_DIRECTIVES} directives`, async () => {
    const directed = (n: number) => `{ ${'__typename @skip(if: false) '.repeat(n)} }`;
    expect((await gql(live(), directed(MAX_DIRECTIVES))).body.data.__typename).toBe('Query');
    refusedWith(await gql(live(), directed(MAX_DIRECTIVES + 1)), /more than 10 directives/);
  });

  it(`refuses a query costing more than ${MAX_COST}: one page of 100 messages with every field passes, the same page twice does not`, async () => {
    const message = `{ id status to from body trafficClass clientRef encoding segments test failureReason campaignId heldUntil expiresAt createdAt updatedAt finalAt
      price { currency unitAmount total charged } attempts { number state detail startedAt finishedAt } receipts { delivery rawStatus failureReason effect receivedAt } }`;
    const pages = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: messages(first: 100) { edges { cursor node ${message} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }`).join(' ')} }`;
    expect((await gql(live(), pages(1))).body.errors).toBeUndefined();
    refusedWith(await gql(live(), pages(2)), new RegExp(`costs more than ${MAX_COST}`));
  });

  it('introspection is off in production and on in development', async () => {
    const query = '{ __schema { queryType { name } } }';
    expect((await gql(live(), query)).body.data.__schema.queryType.name).toBe('Query');
    const inProduction = (q: string) => request(production).post('/graphql').set(live()).send({ query: q });
    refusedWith(await inProduction(query), /introspection has been disabled/);
    refusedWith(await inProduction('{ __type(name: "Wallet") { name } }'), /introspection has been disabled/);
    expect((await inProduction('{ wallet { available } __typename }')).body.data).toEqual({ wallet: { available: 3_000_000_000 }, __typename: 'Query' });
  });

  it('never suggests field or argument names', async () => {
    for (const query of ['{ walet { available } }', '{ wallet { availble } }', '{ campaigns(frist: 5) { pageInfo { hasNextPage } } }']) {
      const res = await gql(live(), query);
      expect(res.body.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(res.body)).not.toMatch(/did you mean|"available"|"first"|"wallet"/i);
    }
  });

  it('sends no CORS headers to a foreign origin: the dashboard is same-origin', async () => {
    const post = await gql({ ...live(), Origin: 'https://evil.example' }, '{ wallet { available } }');
    const preflight = await request(app).options('/graphql').set({ Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' });
    for (const res of [post, preflight]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('connections stay capped at 100 rows', async () => {
    for (const field of ['campaigns', 'ledgerEntries', 'messages']) {
      for (const size of ['first', 'last']) {
        const ask = (n: number) => request(app).post('/graphql').set(live()).send({ query: `query ($n: Int) { ${field}(${size}: $n) { pageInfo { hasNextPage } } }`, variables: { n } });
        expect((await ask(100)).body.errors, field).toBeUndefined();
        const res = await ask(101);
        expect(res.body.errors[0].extensions, `${field} ${size}`).toMatchObject({ code: 'validation_failed', field: size });
      }
    }
  });
});

describe('GraphQL input layer', () => {
  // serviceStatus would answer if anything ran: no data at all shows that no resolver did (a request error, like GraphQL's own).
  const refusedHostile = (res: request.Response, field: string, problem: RegExp) => {
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field });
    expect(res.body.errors[0].message).toMatch(problem);
  };

  it('refuses NUL and other control characters in a literal argument before any resolver runs', async () => {
    refusedHostile(await gql(live(), '{ serviceStatus { smsRoute } messages(filter: { sender: "DUKA\\u0000" }) { pageInfo { hasNextPage } } }'), 'filter.sender', /U\+0000/);
    refusedHostile(await gql(live(), '{ serviceStatus { smsRoute } campaigns(after: """a\u0007b""") { pageInfo { hasNextPage } } }'), 'after', /U\+0007/);
    refusedHostile(await gql(live(), 'query ($k: String = "\\u007f") { serviceStatus { smsRoute } campaigns(after: $k) { pageInfo { hasNextPage } } }'), 'k', /U\+007F/);
  });

  it('refuses NUL and lone surrogates in variables, naming the variable', async () => {
    const query = 'query ($id: ID!) { serviceStatus { smsRoute } campaign(id: $id) { id } }';
    refusedHostile(await gql(live(), query, { id: 'abc\u0000' }), 'id', /U\+0000/);
    refusedHostile(await gql(live(), query, { id: 'abc\ud800' }), 'id', /lone surrogate U\+D800/);
    refusedHostile(await gql(live(), query, { id: 'abc', extra: { tags: ['ok', '\udc00'] } }), 'extra.tags.1', /lone surrogate/);
  });

  it('a lone surrogate written in the document is a syntax error: the grammar has no such string', async () => {
    for (const literal of ['\\ud800', '\ud800']) {
      const res = await gql(live(), `{ serviceStatus { smsRoute } campaign(id: "${literal}") { id } }`);
      expect(res.status).toBe(200);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      expect(res.body.errors[0].message).toMatch(/^Syntax Error: Invalid (Unicode escape sequence|character within String)/);
    }
  });

  it('the caller is known first, as in REST: without credentials hostile text is 401', async () => {
    const res = await gql({}, '{ campaigns(after: "\\u0000") { pageInfo { hasNextPage } } }');
    expect([res.status, res.body.errors[0].extensions.code]).toEqual([401, 'unauthorized']);
  });
});
