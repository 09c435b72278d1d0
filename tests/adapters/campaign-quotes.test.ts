// Quotes over HTTP on the real database: the frozen audience (order, duplicates, opt-outs, consent), the price,
// idempotent replays showing the quote as it stands, staleness and expiry, and every refusal leaving nothing behind.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, newKey, optOut, quote, recordConsent } from '../support/campaigns.ts';
import { setSmsRoute } from '../../core/app/platform/settings.ts';
import { setPricePlan } from '../../core/app/price-plans/price-plan.ts';
import { operator } from '../support/app.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let owner: Session;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: 100_000_000n,
    senders: [
      { name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true },
      { name: 'TXONLY', classes: ['transactional'], routeApproved: true },
    ],
  });
  owner = await signInAs(env, org.members.owner!);
});

const recipients = (quoteId: string) =>
  env.sql<{ n: number; phone: string; status: string }>('select n, phone, status from campaign_recipients where quote_id = ? order by n', [quoteId]);
const count = async (sql: string, params: unknown[] = []) => Number((await env.sql<{ n: string }>(sql, params))[0]!.n);

describe('the frozen audience', () => {
  it('groups in the draft order, each number once at its first group, active opt-outs left out (transactional ignores consent)', async () => {
    const p = Array.from({ length: 6 }, () => campaignPhone());
    const first = await createAudience(env, org.id, { phones: [p[0]!, p[1]!, p[2]!], optedOut: [p[1]!] });
    const second = await createAudience(env, org.id, { phones: [p[3]!, p[0]!, p[4]!, p[5]!] });
    const draft = await createDraft(owner, { group_ids: [second.groupId, first.groupId] });
    const q = await quote(owner, draft.id);
    expect(q.audience).toEqual({ eligible: 5, duplicates: 1, opted_out: 1, no_consent: 0 });
    expect((await recipients(q.id)).map((r) => [r.n, r.phone, r.status])).toEqual([
      [1, p[0], 'pending'],
      [2, p[3], 'pending'],
      [3, p[4], 'pending'],
      [4, p[5], 'pending'],
      [5, p[2], 'pending'],
    ]);
  });

  it('promotional: numbers without a recorded consent (never given, or cleared since) are left out too', async () => {
    const p = Array.from({ length: 5 }, () => campaignPhone());
    const { groupId } = await createAudience(env, org.id, { phones: p, consented: [p[0]!, p[1]!, p[2]!, p[4]!], optedOut: [p[4]!] });
    await recordConsent(env, org.id, p[2]!, 'consent_cleared');
    const draft = await createDraft(owner, { group_ids: [groupId], traffic_class: 'promotional' });
    const q = await quote(owner, draft.id);
    expect(q.audience).toEqual({ eligible: 2, duplicates: 0, opted_out: 1, no_consent: 2 });
    expect((await recipients(q.id)).map((r) => r.phone)).toEqual([p[0], p[1]]);
    expect(q.unit_amount).toBe(2500);
  });

  it('prices at the current plan: total = unit_amount x segments x eligible; valid 15 minutes; nothing held', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: Array.from({ length: 3 }, () => campaignPhone()) });
    const draft = await createDraft(owner, { group_ids: [groupId], body: 'Habari za asubuhi! '.repeat(9) });
    const wallet = await env.sql('select available, held, captured from wallets where organization_id = ?', [org.id]);
    const res = await call(owner, 'post', `/v1/campaigns/${draft.id}/quote`, { version: 1 }, newKey());
    expect(res.status).toBe(201);
    const q = res.body.data.quote;
    expect(q).toMatchObject({
      status: 'current',
      campaign_version: 1,
      group_ids: [groupId],
      encoding: 'gsm7',
      segments: 2,
      traffic_class: 'transactional',
      unit_amount: 2000,
      total: 12_000,
      currency: 'TZS',
      created_at: '2026-11-22T09:00:00.000Z',
      expires_at: '2026-11-22T09:15:00.000Z',
      assumptions: ['segment_sizes_standard'],
    });
    expect(res.body.data.campaign).toMatchObject({ id: draft.id, version: 1, quote: q });
    expect(await env.sql('select available, held, captured from wallets where organization_id = ?', [org.id])).toEqual(wallet);
  });

  it('a later rate change never alters the quote', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q = await quote(owner, draft.id);
    await setPricePlan(await env.ctx(), operator, { organizationId: org.id, transactional: 9999n, promotional: 9999n });
    try {
      const now = (await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign.quote;
      expect(now).toMatchObject({ id: q.id, unit_amount: 2000, total: 2000, status: 'current' });
    } finally {
      await setPricePlan(await env.ctx(), operator, { organizationId: org.id, transactional: 2000n, promotional: 2500n });
    }
  });
});

describe('replays, staleness and expiry', () => {
  it('the same key replays the original quote with 200, showing its status now; the key on another campaign is 409', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone(), campaignPhone()] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const key = newKey();
    const first = await call(owner, 'post', `/v1/campaigns/${draft.id}/quote`, {}, key);
    expect(first.status).toBe(201);
    const again = await call(owner, 'post', `/v1/campaigns/${draft.id}/quote`, {}, key);
    expect(again.status).toBe(200);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.body.data.quote).toEqual(first.body.data.quote);
    expect(await count('select count(*) as n from campaign_quotes where campaign_id = ?', [draft.id])).toBe(1);

    const requoted = await quote(owner, draft.id);
    const stale = await call(owner, 'post', `/v1/campaigns/${draft.id}/quote`, {}, key);
    expect(stale.status).toBe(200);
    expect(stale.body.data.quote).toMatchObject({ id: first.body.data.quote.id, status: 'stale' });
    expect(stale.body.data.campaign.quote.id).toBe(requoted.id);

    const otherDraft = await createDraft(owner, { group_ids: [groupId] });
    const conflict = await call(owner, 'post', `/v1/campaigns/${otherDraft.id}/quote`, {}, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
  });

  it('quoting again makes the previous quote stale and rebuilds the audience', async () => {
    const phones = [campaignPhone(), campaignPhone()];
    const { groupId } = await createAudience(env, org.id, { phones });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q1 = await quote(owner, draft.id);
    await optOut(env, org.id, phones[0]!);
    const q2 = await quote(owner, draft.id);
    expect(q2.audience.eligible).toBe(1);
    expect(await recipients(q1.id)).toEqual([]);
    expect((await recipients(q2.id)).map((r) => r.phone)).toEqual([phones[1]]);
    const launch = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q1.id }, newKey());
    expect(launch.body.error.code).toBe('quote_stale');
  });

  it('expires 15 minutes after it was made (by the clock)', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q = await quote(owner, draft.id);
    env.clock.advance(15 * 60_000 - 1);
    try {
      expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign.quote.status).toBe('current');
      env.clock.advance(1);
      expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign.quote.status).toBe('expired');
      const launch = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
      expect(launch.status).toBe(409);
      expect(launch.body.error.code).toBe('quote_expired');
    } finally {
      env.clock.set(new Date('2026-11-22T09:00:00Z'));
    }
  });

  it('a change of SMS route makes the quote stale, even when the route changes back', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    await quote(owner, draft.id);
    env.clock.advance(1000);
    try {
      await setSmsRoute(await env.ctx(), 'ascii');
      expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign.quote.status).toBe('stale');
      await setSmsRoute(await env.ctx(), 'gsm0338');
      expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign.quote.status).toBe('stale');
    } finally {
      await setSmsRoute(await env.ctx(), 'gsm0338');
      env.clock.set(new Date('2026-11-22T09:00:00Z'));
    }
  });
});

describe('refusals leave nothing behind', () => {
  async function expectRefused(campaignId: string, status: number, code: string, field?: string, body: object = {}) {
    const quotes = await count('select count(*) as n from campaign_quotes where organization_id = ?', [org.id]);
    const rowsBefore = await count('select count(*) as n from campaign_recipients where organization_id = ?', [org.id]);
    const res = await call(owner, 'post', `/v1/campaigns/${campaignId}/quote`, body, newKey());
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (field) expect(res.body.error.field).toBe(field);
    expect(await count('select count(*) as n from campaign_quotes where organization_id = ?', [org.id])).toBe(quotes);
    expect(await count('select count(*) as n from campaign_recipients where organization_id = ?', [org.id])).toBe(rowsBefore);
    return res;
  }

  it('audience_empty: no groups, or nobody eligible', async () => {
    await expectRefused((await createDraft(owner, {})).id, 422, 'audience_empty');
    const phone = campaignPhone();
    const { groupId } = await createAudience(env, org.id, { phones: [phone], optedOut: [phone] });
    await expectRefused((await createDraft(owner, { group_ids: [groupId] })).id, 422, 'audience_empty');
    const unconsented = await createAudience(env, org.id, { phones: [campaignPhone()] });
    await expectRefused((await createDraft(owner, { group_ids: [unconsented.groupId], traffic_class: 'promotional' })).id, 422, 'audience_empty');
  });

  it('audience_too_large: over 2,000,000 memberships is refused before any work', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    await env.sql('update groups set member_count = 2000001 where id = ?', [groupId]);
    try {
      await expectRefused(draft.id, 422, 'audience_too_large');
    } finally {
      await env.sql('update groups set member_count = 1 where id = ?', [groupId]);
    }
  });

  it('total_too_large: a total over 1,000,000,000 TZS', async () => {
    const fresh = await createOrg(env, { senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
    await setPricePlan(await env.ctx(), operator, { organizationId: fresh.id, transactional: 100_000_000n, promotional: 1n });
    const session = await signInAs(env, fresh.members.owner!);
    const { groupId } = await createAudience(env, fresh.id, { phones: Array.from({ length: 101 }, () => campaignPhone()) });
    const draft = await createDraft(session, { group_ids: [groupId], body: 'x'.repeat(1530) });
    const res = await call(session, 'post', `/v1/campaigns/${draft.id}/quote`, {}, newKey());
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('total_too_large');
    expect(await count('select count(*) as n from campaign_recipients where organization_id = ?', [fresh.id])).toBe(0);
  });

  it('sender_not_authorized (field sender_id) when the sender is not approved for the class', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()], consented: [] });
    const draft = await createDraft(owner, { group_ids: [groupId], sender_id: 'TXONLY', traffic_class: 'promotional' });
    await expectRefused(draft.id, 403, 'sender_not_authorized', 'sender_id');
  });

  it('no_price_plan', async () => {
    const fresh = await createOrg(env, { pricePlan: false, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
    const session = await signInAs(env, fresh.members.owner!);
    const { groupId } = await createAudience(env, fresh.id, { phones: [campaignPhone()] });
    const draft = await createDraft(session, { group_ids: [groupId] });
    const res = await call(session, 'post', `/v1/campaigns/${draft.id}/quote`, {}, newKey());
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('no_price_plan');
  });

  it('encoding_not_supported and too_many_segments when the route changed since the draft was saved', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const accented = await createDraft(owner, { group_ids: [groupId], body: 'Karibu café' });
    await setSmsRoute(await env.ctx(), 'ascii');
    let backticks;
    try {
      await expectRefused(accented.id, 422, 'encoding_not_supported', 'body');
      backticks = await createDraft(owner, { group_ids: [groupId], body: '`'.repeat(1530) });
    } finally {
      await setSmsRoute(await env.ctx(), 'gsm0338');
    }
    await expectRefused(backticks.id, 422, 'too_many_segments', 'body');
  });

  it('campaign_changed when the version reviewed is not the draft now; campaign_not_draft once launched', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { name: 'Changed' });
    await expectRefused(draft.id, 409, 'campaign_changed', 'version', { version: 1 });
    const q = await quote(owner, draft.id, { version: 2 });
    const launched = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
    expect(launched.status).toBe(200);
    await expectRefused(draft.id, 409, 'campaign_not_draft');
  });

  it('test keys: 403 test_mode_not_allowed', async () => {
    const draft = await createDraft(owner, {});
    const res = await call({ app: env.app, bearer: org.keys.test!.secret }, 'post', `/v1/campaigns/${draft.id}/quote`, {}, newKey());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('test_mode_not_allowed');
  });

  it('a live key may quote', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const res = await call({ app: env.app, bearer: org.keys.live!.secret }, 'post', `/v1/campaigns/${draft.id}/quote`, {}, newKey());
    expect(res.status).toBe(201);
  });
});

describe('quote_timeout', () => {
  it('503 with Retry-After when freezing takes longer than the limit; the earlier quote stays current with its audience', async () => {
    const slow = await setupTestEnv({ quoteTimeoutMs: 1 });
    const { groupId } = await createAudience(env, org.id, { phones: [] });
    await env.sql(
      `insert into contacts (id, organization_id, phone, created_at, updated_at)
       select gen_random_uuid(), ?, '+25576' || lpad(g::text, 7, '0'), now(), now() from generate_series(1, 50000) g`,
      [org.id],
    );
    await env.sql("insert into group_members (group_id, contact_id, organization_id, added_at) select ?, id, organization_id, now() from contacts where organization_id = ? and phone like '+25576%'", [groupId, org.id]);
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const earlier = await quote(owner, draft.id);
    expect(earlier.audience.eligible).toBe(50_000);
    const slowOwner = await signInAs(slow, org.members.owner!);
    const res = await call(slowOwner, 'post', `/v1/campaigns/${draft.id}/quote`, {}, newKey());
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error.code).toBe('quote_timeout');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('select count(*) as n from campaign_quotes where campaign_id = ?', [draft.id])).toBe(1);
    expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign.quote).toMatchObject({ id: earlier.id, status: 'current' });
    expect(await count('select count(*) as n from campaign_recipients where quote_id = ?', [earlier.id])).toBe(50_000);
  });
});
