// GraphQL campaigns over HTTP: recipient counts and recipients of launched campaigns (masking and number search as
// in REST), counts for a page of campaigns read together, sender IDs and the audit log, each behind its permission.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { feed, launchOver } from '../support/campaigns.ts';
import { nativePool } from '../../core/db/sql.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
let campaignId: string;
let waitingId: string;
const PHONES = Array.from({ length: 5 }, (_, i) => `+2557541200${String(i + 1).padStart(2, '0')}`);

const gql = (auth: Record<string, string>, query: string, variables?: object) => request(app).post('/graphql').set(auth).send({ query, variables });
const live = () => bearer(org.keys.live!.secret);
async function member(label: string) {
  const agent = request.agent(app);
  await agent.post('/v1/auth/sign-in').send({ email: org.members[label]!.email, password: org.members[label]!.password });
  return (query: string, variables?: object) => agent.post('/graphql').send({ query, variables });
}

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }],
    members: { owner: 'owner', analyst: 'analyst' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' }, messagesOnly: { mode: 'live', scopes: ['messages:read'] } },
  });
  const owner = await signInAs(env, org.members.owner!);
  // Five consented numbers, fed (accepted); then a second campaign of three, not fed yet (pending).
  campaignId = (await launchOver(env, owner, org.id, PHONES, { name: 'Ofa', traffic_class: 'promotional', body: 'Ofa leo' })).id;
  await feed(env);
  waitingId = (await launchOver(env, owner, org.id, PHONES.slice(0, 3), { name: 'Baadaye' })).id;
});

describe('GraphQL campaigns', () => {
  it('counts recipients by status and lists them in audience order, numbers masked for keys and analysts', async () => {
    const q = `query ($id: ID!, $after: String) { campaign(id: $id) {
      status recipientCounts { pending accepted delivered skippedNoConsent skippedOptedOut }
      recipients(first: 2, after: $after) { edges { cursor node { n to status amount } } pageInfo { hasNextPage endCursor } } } }`;
    const res = await gql(live(), q, { id: campaignId });
    expect(res.body.errors).toBeUndefined();
    const c = res.body.data.campaign;
    expect(c.recipientCounts).toEqual({ pending: 0, accepted: 5, delivered: 0, skippedNoConsent: 0, skippedOptedOut: 0 });
    expect(c.recipients.edges.map((e: { node: { n: number } }) => e.node.n)).toEqual([1, 2]);
    expect(c.recipients.edges[0].node.to).toBe('+255754****01');
    const next = await gql(live(), q, { id: campaignId, after: c.recipients.pageInfo.endCursor });
    expect(next.body.data.campaign.recipients.edges.map((e: { node: { n: number } }) => e.node.n)).toEqual([3, 4]);
    const analyst = await member('analyst');
    expect((await analyst(q, { id: campaignId })).body.data.campaign.recipients.edges[0].node.to).toBe('+255754****01');
    const owner = await member('owner');
    expect((await owner(q, { id: campaignId })).body.data.campaign.recipients.edges[0].node.to).toBe(PHONES[0]);
  });

  it('filters recipients by status and by number (contacts.read only), as REST does', async () => {
    const q = `query ($id: ID!, $f: RecipientFilter) { campaign(id: $id) { recipients(first: 10, filter: $f) { edges { node { n status } } } } }`;
    const owner = await member('owner');
    expect((await owner(q, { id: campaignId, f: { status: 'ACCEPTED' } })).body.data.campaign.recipients.edges).toHaveLength(5);
    expect((await owner(q, { id: campaignId, f: { status: 'PENDING' } })).body.data.campaign.recipients.edges).toEqual([]);
    expect((await owner(q, { id: waitingId, f: { status: 'PENDING' } })).body.data.campaign.recipients.edges).toHaveLength(3);
    const found = await owner(q, { id: campaignId, f: { search: '0754120002' } });
    expect(found.body.data.campaign.recipients.edges).toEqual([{ node: { n: 2, status: 'accepted' } }]);
    const refused = await gql(live(), q, { id: campaignId, f: { search: '0754120002' } });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'forbidden', field: 'search' });
    const backwards = await owner(`query ($id: ID!) { campaign(id: $id) { recipients(last: 2) { edges { node { n } } } } }`, { id: campaignId });
    expect(backwards.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'last' });
  });

  it('a page of campaigns has its recipient counts read together; a test key sees no campaign', async () => {
    const pool = await nativePool(env.orm.em);
    const connect = pool.connect.bind(pool);
    const readsOf = async (first: number) => {
      let reads = 0;
      pool.connect = ((...args: unknown[]) => {
        reads += 1;
        return (connect as (...a: unknown[]) => unknown)(...args);
      }) as typeof pool.connect;
      try {
        const res = await gql(live(), `query ($first: Int) { campaigns(first: $first) { edges { node { id status recipientCounts { pending accepted } } } } }`, { first });
        expect(res.body.errors).toBeUndefined();
        return { reads, edges: res.body.data.campaigns.edges };
      } finally {
        pool.connect = connect;
      }
    };
    // The first request of a key also marks it used; count from the second.
    await readsOf(1);
    const one = await readsOf(1);
    const both = await readsOf(2);
    expect(both.edges).toEqual([
      { node: { id: waitingId, status: 'SENDING', recipientCounts: { pending: 3, accepted: 0 } } },
      { node: { id: campaignId, status: 'SENDING', recipientCounts: { pending: 0, accepted: 5 } } },
    ]);
    expect(both.reads).toBe(one.reads);
    expect((await gql(bearer(org.keys.test!.secret), '{ campaigns { edges { node { id } } } }')).body.data.campaigns.edges).toEqual([]);
  });

  it('a message names its campaign, which needs campaigns:read', async () => {
    const q = `query ($id: ID!) { messages(first: 1, filter: { campaignId: $id }) { edges { node { campaignId campaign { id name status } } } } }`;
    const res = await gql(live(), q, { id: campaignId });
    expect(res.body.data.messages.edges).toEqual([{ node: { campaignId, campaign: { id: campaignId, name: 'Ofa', status: 'SENDING' } } }]);
    const refused = await gql(bearer(org.keys.messagesOnly!.secret), q, { id: campaignId });
    expect(refused.body.data.messages.edges).toEqual([{ node: { campaignId, campaign: null } }]);
    expect(refused.body.errors[0]).toMatchObject({ path: ['messages', 'edges', 0, 'node', 'campaign'], extensions: { code: 'insufficient_scope' } });
  });

  it('sender IDs for sender_ids:read; the audit log for owners and admins, never keys', async () => {
    const senders = await gql(live(), '{ senderIds { name approvalStatus trafficClasses providerApprovalStatus } }');
    expect(senders.body.data.senderIds).toEqual([{ name: 'UJUMBE', approvalStatus: 'approved', trafficClasses: ['transactional', 'promotional'], providerApprovalStatus: 'approved' }]);
    const owner = await member('owner');
    const audit = await owner('{ auditEvents(first: 100, action: "campaign.launched") { edges { node { action actorType targetType targetId } } } }');
    expect(audit.body.errors).toBeUndefined();
    expect(audit.body.data.auditEvents.edges.map((e: { node: object }) => e.node)).toEqual(
      [waitingId, campaignId].map((targetId) => ({ action: 'campaign.launched', actorType: 'member', targetType: 'campaign', targetId })),
    );
    const analyst = await member('analyst');
    expect((await analyst('{ auditEvents { pageInfo { hasNextPage } } }')).body.errors[0].extensions.code).toBe('forbidden');
    expect((await gql(live(), '{ auditEvents { pageInfo { hasNextPage } } }')).body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
