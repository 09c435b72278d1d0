// Many sends at once, more than the pool has connections: none waits for a second connection while
// holding one (the pool would deadlock), and every hold is one ledger entry.
import { beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

it('40 concurrent live sends (the test pool has 8 connections) all answer 202 with one hold each', async () => {
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      request(env.app)
        .post('/v1/messages')
        .set(bearer(org.keys.live!.secret))
        .set('X-Idempotency-Key', `c-${i}`)
        .send({ to: `+25575400${String(1000 + i)}`, from: 'UJUMBE', body: 'Habari', client_ref: `c-${i}` }),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(Array(40).fill(202));
  const [w] = await env.sql<{ held: string }>('select held from wallets where organization_id = ?', [org.id]);
  expect(Number(w!.held)).toBe(40 * 2000);
  expect(await env.sql("select count(*)::int as n from ledger_entries where organization_id = ? and kind = 'hold'", [org.id])).toEqual([{ n: 40 }]);
}, 20_000);
