// A campaign's recipients over GraphQL page forwards only: cursors name audience positions (the form clients already
// hold, so a saved cursor still works), a walk of first/after meets each recipient once, and a page size past 100,
// a backwards argument or a cursor of another kind is refused naming the argument.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { campaignPhone, feed, launchOver } from '../support/campaigns.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
let campaignId: string;

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
  campaignId = (await launchOver(env, owner, org.id, Array.from({ length: 5 }, () => campaignPhone()))).id;
  await feed(env);
});

const PAGE = `query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { campaign(id: $id) {
  recipients(first: $first, after: $after, last: $last, before: $before) { edges { cursor node { n } } pageInfo { hasNextPage hasPreviousPage endCursor } } } }`;
const page = (args: Record<string, unknown>) => request(app).post('/graphql').set(bearer(org.keys.live!.secret)).send({ query: PAGE, variables: { id: campaignId, ...args } });
const cursorOf = (n: number) => Buffer.from(`n:${n}`).toString('base64url');

describe('GraphQL recipient pages', () => {
  it('walks the audience two at a time, each recipient once, with cursors of their positions', async () => {
    const seen: number[] = [];
    let after: string | undefined;
    for (let i = 0; i < 3; i += 1) {
      const res = await page({ first: 2, after });
      expect(res.body.errors).toBeUndefined();
      const { edges, pageInfo } = res.body.data.campaign.recipients;
      for (const e of edges) expect(e.cursor).toBe(cursorOf(e.node.n));
      seen.push(...edges.map((e: { node: { n: number } }) => e.node.n));
      expect(pageInfo).toMatchObject({ hasNextPage: i < 2, hasPreviousPage: i > 0, endCursor: edges[edges.length - 1].cursor });
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    // A cursor saved before: the recipients after position 3.
    const saved = await page({ first: 10, after: cursorOf(3) });
    expect(saved.body.data.campaign.recipients.edges.map((e: { node: { n: number } }) => e.node.n)).toEqual([4, 5]);
    // Without first, a page of the default size holds them all.
    expect((await page({})).body.data.campaign.recipients.edges).toHaveLength(5);
  });

  it('refuses what it cannot page, naming the argument', async () => {
    const idCursor = Buffer.from(`id:${campaignId}`).toString('base64url');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ first: 101 }, 'first', /first is 0 to 100/],
      [{ first: -1 }, 'first', /first is 0 to 100/],
      [{ last: 2 }, 'last', /paged forwards/],
      [{ first: 2, before: cursorOf(4) }, 'before', /paged forwards/],
      [{ first: 2, after: 'not-a-cursor' }, 'after', /cursor of this connection/],
      [{ first: 2, after: idCursor }, 'after', /cursor of this connection/],
      [{ first: 2, after: Buffer.from('n:-1').toString('base64url') }, 'after', /cursor of this connection/],
    ];
    for (const [args, field, message] of cases) {
      const res = await page(args);
      expect(res.body.data.campaign, JSON.stringify(args)).toBeNull();
      expect(res.body.errors[0].extensions, JSON.stringify(args)).toMatchObject({ code: 'validation_failed', field });
      expect(res.body.errors[0].message, JSON.stringify(args)).toMatch(message);
    }
  });
});
