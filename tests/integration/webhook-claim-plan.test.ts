// The webhook claim reads only what it claims: with thousands of deliveries kept (30 days of them in service),
// PostgreSQL's plan for it reads the deliveries table by index, never whole. Joined to the rows it picked, the
// claim let the planner read the whole table on every round.
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_DUE, claimParams } from '../../core/db/webhooks/claim.ts';
import { createOrg, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';

let env: TestEnv;
const T = new Date('2026-11-22T09:00:00Z');

beforeAll(async () => {
  env = await setupTestEnv({ webhooksAllowLoopback: true });
  const org = await createOrg(env);
  const owner = await signInAs(env, org.members.owner!);
  const created = await owner.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', owner.csrf).send({ url: 'http://127.0.0.1:9/hooks' });
  expect(created.status).toBe(201);
  // A backlog: 12,000 pending deliveries, two events a subject, and 8,000 delivered ones.
  await env.sql(
    `insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, subject_id, webhook_id, body, status, attempts, next_attempt_at, created_at, finished_at)
     select gen_random_uuid(), ?, ?, gen_random_uuid(), 'message.delivered', 'm' || (g / 2), 'msg_' || g, '{}',
       case when g < 8000 then 'delivered' else 'pending' end, case when g < 8000 then 1 else 0 end, ?, ?, case when g < 8000 then ?::timestamptz end
     from generate_series(0, 19999) g`,
    [org.id, created.body.data.endpoint.id, T, T, T],
  );
  await env.sql('analyze webhook_deliveries');
});

describe('the webhook claim', () => {
  it('reads the deliveries table by index only', async () => {
    const plan = (await env.sql<{ 'QUERY PLAN': string }>(`explain ${CLAIM_DUE}`, claimParams(T, 1024, 64))).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('webhook_deliveries');
    expect(plan).not.toMatch(/Seq Scan on webhook_deliveries/);
  });
});
