// GraphQL reporting over HTTP: same use cases and permissions as REST, masked errors, size limits.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createRestApp } from '../../rest-facade/app.ts';
import { mountGraphql, MAX_DEPTH, MAX_TOKENS } from '../../graphql/yoga.ts';
import { bearer, createOrg, operator, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { campaignPhone, createAudience, createDraft, quote } from '../support/campaigns.ts';
import { addSenderId } from '../../core/app/sender-ids/add-sender-id.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createRestApp>;

beforeAll(async () => {
  env = await setupTestEnv();
  app = createRestApp(env.deps, { mounts: [(a) => mountGraphql(a, env.deps)] });
  org = await createOrg(env, {
    credit: 3_000_000_000n,
    members: { analyst: 'analyst', marketer: 'marketer' },
    keys: { live: { mode: 'live' }, read: { mode: 'live', scopes: ['messages:read'] } },
  });
});

const gql = (auth: Record<string, string>, query: string, variables?: object) =>
  request(app).post('/graphql').set(auth).send({ query, variables });

describe('GraphQL', () => {
  it('wallet and ledger answer what REST answers, with cents beyond 32 bits exact', async () => {
    const res = await gql(bearer(org.keys.live!.secret), '{ wallet { available held frozen currency } ledgerEntries(limit: 5) { entries { kind amount balanceAfter } nextBefore } }');
    expect(res.status).toBe(200);
    expect(res.body.data.wallet).toEqual({ available: 3_000_000_000, held: 0, frozen: false, currency: 'TZS' });
    expect(res.body.data.ledgerEntries).toEqual({ entries: [{ kind: 'top_up', amount: 3_000_000_000, balanceAfter: 3_000_000_000 }], nextBefore: null });
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
    const res = await gql(bearer(org.keys.live!.secret), `query ($id: String!) {
      campaigns(limit: 10) { campaigns { id name status } nextBefore }
      campaign(id: $id) { name status trafficClass senderId segments version createdVia quote { id status eligible total unitAmount } launch { fed } }
    }`, { id: draft.id });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.campaigns).toEqual({ campaigns: [{ id: draft.id, name: 'Ripoti', status: 'draft' }], nextBefore: null });
    expect(res.body.data.campaign).toEqual({
      name: 'Ripoti', status: 'draft', trafficClass: 'transactional', senderId: 'UJUMBE', segments: 1, version: 1, createdVia: 'api',
      quote: { id: q.id, status: 'current', eligible: 2, total: 4000, unitAmount: 2000 },
      launch: null,
    });
    const refused = await gql(bearer(org.keys.read!.secret), '{ campaigns { nextBefore } }');
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
    const res = await gql(bearer(org.keys.live!.secret), '{ ledgerEntries(limit: 500) { nextBefore } }');
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'limit' });
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

  it(`refuses queries nested deeper than ${MAX_DEPTH}`, async () => {
    const deep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    const res = await gql(bearer(org.keys.live!.secret), deep);
    expect(res.body.errors[0].message).toMatch(/deeper/);
    expect(res.body.data).toBeUndefined();
  });
});
