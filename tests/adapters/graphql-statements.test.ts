// GraphQL lists with nested fields read what their nodes need together: a page of messages with their campaigns,
// those campaigns' recipient counts, attempts and receipts, or a page of campaigns with their counts, takes the
// same statements whatever its size (every statement any connection sends is counted, transactions included).
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { campaignPhone, feed, launchOver } from '../support/campaigns.ts';
import { countStatements, type StatementCounter } from '../support/statements.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
let counter: StatementCounter;
const CAMPAIGNS = 3;
const PER_CAMPAIGN = 4;

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
    members: { owner: 'owner' },
    keys: { live: { mode: 'live' } },
  });
  const owner = await signInAs(env, org.members.owner!);
  for (let i = 0; i < CAMPAIGNS; i += 1) {
    await launchOver(env, owner, org.id, Array.from({ length: PER_CAMPAIGN }, () => campaignPhone()), { name: `Kampeni ${i}` });
  }
  await feed(env);
  counter = await countStatements(env);
});

/** The statements sent while the query was answered, and its data. */
async function statementsOf(query: string, first: number) {
  const { statements, answer: res } = await counter.during(() => request(app).post('/graphql').set(bearer(org.keys.live!.secret)).send({ query, variables: { first } }));
  expect(res.status, res.text).toBe(200);
  expect(res.body.errors).toBeUndefined();
  return { statements, data: res.body.data };
}

// Measured before the loaders moved to Pothos' dataloader plugin; no more now.
const STATEMENTS_FOR_MESSAGES = 11;
const STATEMENTS_FOR_CAMPAIGNS = 8;

const MESSAGES = `query ($first: Int) { messages(first: $first) { edges { node { id
  campaign { id name recipientCounts { accepted pending } } attempts { state } receipts { delivery } } } } }`;
const CAMPAIGN_PAGE = `query ($first: Int) { campaigns(first: $first) { edges { node { id status recipientCounts { accepted pending } } } } }`;

describe('GraphQL statements', () => {
  it('a page of messages with their campaigns, counts, attempts and receipts: as many statements for 12 as for 1', async () => {
    // The first request of a key also marks it used; count from the second.
    await statementsOf(MESSAGES, 1);
    const one = await statementsOf(MESSAGES, 1);
    const all = await statementsOf(MESSAGES, CAMPAIGNS * PER_CAMPAIGN);
    const nodes = all.data.messages.edges.map((e: { node: { campaign: { name: string; recipientCounts: object } } }) => e.node);
    expect(nodes).toHaveLength(CAMPAIGNS * PER_CAMPAIGN);
    expect(new Set(nodes.map((n: { campaign: { name: string } }) => n.campaign.name)).size).toBe(CAMPAIGNS);
    expect(nodes[0].campaign.recipientCounts).toEqual({ accepted: PER_CAMPAIGN, pending: 0 });
    expect(all.statements).toBe(one.statements);
    expect(one.statements).toBeLessThanOrEqual(STATEMENTS_FOR_MESSAGES);
  });

  it('a page of campaigns with their recipient counts: as many statements for 3 as for 1', async () => {
    await statementsOf(CAMPAIGN_PAGE, 1);
    const one = await statementsOf(CAMPAIGN_PAGE, 1);
    const all = await statementsOf(CAMPAIGN_PAGE, CAMPAIGNS);
    expect(all.data.campaigns.edges).toHaveLength(CAMPAIGNS);
    for (const { node } of all.data.campaigns.edges) expect(node.recipientCounts).toEqual({ accepted: PER_CAMPAIGN, pending: 0 });
    expect(all.statements).toBe(one.statements);
    expect(one.statements).toBeLessThanOrEqual(STATEMENTS_FOR_CAMPAIGNS);
  });
});
