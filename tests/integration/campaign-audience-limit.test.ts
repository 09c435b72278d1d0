// The audience limit of a quote on the real database: 1,000,001 distinct numbers (within the membership limit)
// are refused with 422 audience_too_large after the freeze, and nothing of it is kept.
import { beforeAll, expect, it } from 'vitest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, createAudience, createDraft, newKey } from '../support/campaigns.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

it('1,000,001 numbers: 422 audience_too_large (field group_ids), no quote and no recipients kept', { timeout: 120_000 }, async () => {
  const { groupId } = await createAudience(env, org.id, { phones: [] });
  await env.sql(
    `insert into contacts (id, organization_id, phone, created_at, updated_at)
     select gen_random_uuid(), ?, '+2557' || lpad((50000000 + g)::text, 8, '0'), now(), now() from generate_series(1, 1000001) g`,
    [org.id],
  );
  await env.sql('insert into group_members (group_id, contact_id, organization_id, added_at) select ?, id, organization_id, now() from contacts where organization_id = ?', [groupId, org.id]);
  const owner = await signInAs(env, org.members.owner!);
  const draft = await createDraft(owner, { group_ids: [groupId] });
  const res = await call(owner, 'post', `/v1/campaigns/${draft.id}/quote`, {}, newKey());
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error).toMatchObject({ code: 'audience_too_large', field: 'group_ids' });
  expect(await env.sql('select 1 from campaign_quotes where campaign_id = ?', [draft.id])).toEqual([]);
  expect(await env.sql('select 1 from campaign_recipients where organization_id = ? limit 1', [org.id])).toEqual([]);
});
