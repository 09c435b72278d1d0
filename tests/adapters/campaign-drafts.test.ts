// Campaign drafts over HTTP on the real database: create (idempotent, checked like a message, 100-draft limit),
// get, list, edit (only drafts, version, quote and audience dropped), discard (replay), deleted groups, access.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, everyRoleSignedIn, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, launch, newKey, quote } from '../support/campaigns.ts';
import { setSmsRoute } from '../../core/app/platform/settings.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let owner: Session;
let otherOwner: Session;
const s: Record<string, Session> = {};
let live: { app: TestEnv['app']; bearer: string };

const SENDERS = [
  { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true },
];

beforeAll(async () => {
  env = await setupTestEnv();
  const fixture = await everyRoleSignedIn(env, ['campaigns:read']);
  ({ org, other, otherOwner } = fixture);
  Object.assign(s, fixture.sessions);
  owner = s['owner']!;
  for (const o of [org, other]) {
    await env.sql(`insert into sender_ids (id, organization_id, name, status, transactional_approved, promotional_approved, route_approved, created_at, updated_at)
      values (gen_random_uuid(), ?, 'UJUMBE', 'approved', true, true, true, now(), now())`, [o.id]);
  }
  await env.sql('update wallets set available = 100000000, credited = 100000000 where organization_id = ?', [org.id]);
  live = { app: env.app, bearer: org.keys.live!.secret };
});

const campaignCount = async (organizationId = org.id) =>
  Number((await env.sql<{ n: string }>('select count(*) as n from campaigns where organization_id = ?', [organizationId]))[0]!.n);

async function audience(size = 3) {
  return createAudience(env, org.id, { phones: Array.from({ length: size }, () => campaignPhone()) });
}

describe('create a draft', () => {
  it('201 with the draft: version 1, encoding and segments on the current route, created via the dashboard', async () => {
    const { groupId } = await audience();
    const draft = await createDraft(owner, { name: 'Mavuno', body: 'Habari € rafiki', group_ids: [groupId], traffic_class: 'promotional', validity_seconds: 7200 });
    expect(draft).toMatchObject({
      name: 'Mavuno',
      status: 'draft',
      version: 1,
      sender_id: 'UJUMBE',
      traffic_class: 'promotional',
      encoding: 'gsm7',
      segments: 1,
      group_ids: [groupId],
      scheduled_at: null,
      validity_seconds: 7200,
      created_via: 'dashboard',
      quote: null,
      launch: null,
    });
    expect(draft.created_at).toBe('2026-11-22T09:00:00.000Z');
  });

  it('an API key creates drafts too (created_via api, transactional by default); nothing is priced or held', async () => {
    const before = await env.sql('select available, held from wallets where organization_id = ?', [org.id]);
    const draft = await createDraft(live, { body: 'Ujumbe wa majaribio' });
    expect(draft).toMatchObject({ created_via: 'api', traffic_class: 'transactional', group_ids: [] });
    expect(await env.sql('select available, held from wallets where organization_id = ?', [org.id])).toEqual(before);
  });

  it('the same key and draft replays with 200 and X-Idempotent-Replay; another draft under the key is 409', async () => {
    const key = newKey();
    const body = { name: 'Replay me', sender_id: 'UJUMBE', body: 'Habari' };
    const first = await call(owner, 'post', '/v1/campaigns', body, key);
    expect(first.status).toBe(201);
    const count = await campaignCount();
    const again = await call(owner, 'post', '/v1/campaigns', body, key);
    expect(again.status).toBe(200);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await call(owner, 'post', '/v1/campaigns', { ...body, name: 'Another' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
    expect(await campaignCount()).toBe(count);
  });

  it('needs X-Idempotency-Key (400 invalid_request)', async () => {
    const res = await call(owner, 'post', '/v1/campaigns', { name: 'No key', sender_id: 'UJUMBE', body: 'Habari' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'X-Idempotency-Key' });
  });

  it('test keys are refused: 403 test_mode_not_allowed, nothing recorded', async () => {
    const count = await campaignCount();
    const res = await call({ app: env.app, bearer: org.keys.test!.secret }, 'post', '/v1/campaigns', { name: 'Test', sender_id: 'UJUMBE', body: 'Habari' }, newKey());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('test_mode_not_allowed');
    expect(await campaignCount()).toBe(count);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ body: '' }, 'body'],
    [{ body: 'Habari\u0007' }, 'body'],
    [{ body: 'a'.repeat(1601) }, 'body'],
    [{ sender_id: 'NOTOURS' }, 'sender_id'],
    [{ sender_id: 'WAYTOOLONGNAME' }, 'sender_id'],
    [{ traffic_class: 'marketing' }, 'traffic_class'],
    [{ group_ids: ['not-a-uuid'] }, 'group_ids.0'],
    [{ group_ids: [randomUUID()] }, 'group_ids'],
    [{ group_ids: Array.from({ length: 51 }, () => randomUUID()) }, 'group_ids'],
    [{ scheduled_at: '2026-11-22T08:59:00Z' }, 'scheduled_at'],
    [{ scheduled_at: '2026-12-22T09:00:01Z' }, 'scheduled_at'],
    [{ scheduled_at: 'tomorrow' }, 'scheduled_at'],
    [{ validity_seconds: 3599 }, 'validity_seconds'],
    [{ validity_seconds: 259_201 }, 'validity_seconds'],
    [{ colour: 'blue' }, 'colour'],
  ])('%j is 422 validation_failed (field %s), nothing recorded', async (change, field) => {
    const count = await campaignCount();
    const res = await call(owner, 'post', '/v1/campaigns', { name: 'Bad', sender_id: 'UJUMBE', body: 'Habari', ...change }, newKey());
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field });
    expect(await campaignCount()).toBe(count);
  });

  it("another organization's group is unknown here (422 group_ids)", async () => {
    const theirs = await createAudience(env, other.id, { phones: [campaignPhone()] });
    const res = await call(owner, 'post', '/v1/campaigns', { name: 'Bad', sender_id: 'UJUMBE', body: 'Habari', group_ids: [theirs.groupId] }, newKey());
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe('group_ids');
  });

  it('a body over 10 segments is 422 too_many_segments; a character the ascii route refuses is 422 encoding_not_supported', async () => {
    const long = await call(owner, 'post', '/v1/campaigns', { name: 'Long', sender_id: 'UJUMBE', body: 'a'.repeat(1531) }, newKey());
    expect(long.status).toBe(422);
    expect(long.body.error).toMatchObject({ code: 'too_many_segments', field: 'body' });
    await setSmsRoute(await env.ctx(), 'ascii');
    try {
      const accented = await call(owner, 'post', '/v1/campaigns', { name: 'Accent', sender_id: 'UJUMBE', body: 'Karibu café' }, newKey());
      expect(accented.status).toBe(422);
      expect(accented.body.error).toMatchObject({ code: 'encoding_not_supported', field: 'body' });
      expect(accented.body.error.details.characters[0]).toMatchObject({ character: 'é', codepoint: 'U+00E9', position: 10 });
    } finally {
      await setSmsRoute(await env.ctx(), 'gsm0338');
    }
  });

  it('a member without campaigns.write gets 403 forbidden; a key without the scope 403 insufficient_scope; sessions need X-CSRF-Token', async () => {
    const analyst = await call(s['analyst']!, 'post', '/v1/campaigns', { name: 'No', sender_id: 'UJUMBE', body: 'Habari' }, newKey());
    expect(analyst.status).toBe(403);
    expect(analyst.body.error.code).toBe('forbidden');
    const reader = await call({ app: env.app, bearer: org.keys.reader!.secret }, 'post', '/v1/campaigns', { name: 'No', sender_id: 'UJUMBE', body: 'Habari' }, newKey());
    expect(reader.status).toBe(403);
    expect(reader.body.error.code).toBe('insufficient_scope');
    const noCsrf = await owner.agent.post('/v1/campaigns').set('X-Idempotency-Key', newKey()).send({ name: 'No', sender_id: 'UJUMBE', body: 'Habari' });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe('forbidden');
  });
});

describe('the 100-draft limit', () => {
  it('the 101st active draft is 409 too_many_drafts; a discarded draft no longer counts', async () => {
    const fresh = await createOrg(env, { senders: SENDERS, members: { owner: 'owner' } });
    const session = await signInAs(env, fresh.members.owner!);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await createDraft(session, { name: `Draft ${i}` })).id);
    const refused = await call(session, 'post', '/v1/campaigns', { name: 'One too many', sender_id: 'UJUMBE', body: 'Habari' }, newKey());
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('too_many_drafts');
    expect(await campaignCount(fresh.id)).toBe(100);
    const discarded = await call(session, 'post', `/v1/campaigns/${ids[0]}/discard`);
    expect(discarded.status).toBe(200);
    await createDraft(session, { name: 'Room again' });
  });
});

describe('get and list', () => {
  it('lists newest first with keyset paging; gets one; readers with campaigns.read can read', async () => {
    const fresh = await createOrg(env, { senders: SENDERS, members: { owner: 'owner', analyst: 'analyst' } });
    const session = await signInAs(env, fresh.members.owner!);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createDraft(session, { name: `List ${i}` }));
    const analyst = await signInAs(env, fresh.members.analyst!);
    const page1 = await analyst.agent.get('/v1/campaigns?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.data.campaigns.map((c: { name: string }) => c.name)).toEqual(['List 2', 'List 1']);
    const page2 = await analyst.agent.get(`/v1/campaigns?limit=2&before=${page1.body.data.next_before}`);
    expect(page2.body.data.campaigns.map((c: { name: string }) => c.name)).toEqual(['List 0']);
    expect(page2.body.data.next_before).toBeNull();
    const one = await analyst.agent.get(`/v1/campaigns/${made[1]!.id}`);
    expect(one.body.data.campaign).toEqual(made[1]);
  });

  it("another organization's campaign and malformed ids are 404; billing members cannot read campaigns", async () => {
    const mine = await createDraft(owner, { name: 'Private' });
    expect((await otherOwner.agent.get(`/v1/campaigns/${mine.id}`)).status).toBe(404);
    expect((await owner.agent.get('/v1/campaigns/nope')).status).toBe(404);
    expect((await s['billing']!.agent.get('/v1/campaigns')).status).toBe(403);
    const theirs = await otherOwner.agent.get('/v1/campaigns');
    expect(theirs.body.data.campaigns.map((c: { id: string }) => c.id)).not.toContain(mine.id);
  });
});

describe('edit a draft', () => {
  it('applies the fields sent, grows the version, drops the quote (stale) and deletes the audience', async () => {
    const { groupId } = await audience(3);
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q = await quote(owner, draft.id);
    expect(Number((await env.sql<{ n: string }>('select count(*) as n from campaign_recipients where quote_id = ?', [q.id]))[0]!.n)).toBe(3);
    const res = await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { version: 1, name: 'Renamed', body: 'Habari za leo, rafiki! '.repeat(8) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.campaign).toMatchObject({ name: 'Renamed', version: 2, segments: 2, quote: null, sender_id: 'UJUMBE', group_ids: [groupId] });
    expect(Number((await env.sql<{ n: string }>('select count(*) as n from campaign_recipients where quote_id = ?', [q.id]))[0]!.n)).toBe(0);
    const launchOld = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
    expect(launchOld.status).toBe(409);
    expect(launchOld.body.error.code).toBe('quote_stale');
  });

  it('without version the change applies to the draft as it stands; a stale version is 409 campaign_changed and changes nothing', async () => {
    const draft = await createDraft(owner, {});
    expect((await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { name: 'No version' })).body.data.campaign.version).toBe(2);
    const stale = await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { version: 1, name: 'Stale' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'campaign_changed', field: 'version' });
    expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign).toMatchObject({ name: 'No version', version: 2 });
  });

  it('null clears scheduled_at and validity_seconds; an empty change is 422', async () => {
    const draft = await createDraft(owner, { scheduled_at: '2026-11-23T06:00:00+03:00', validity_seconds: 3600 });
    expect(draft.scheduled_at).toBe('2026-11-23T03:00:00.000Z');
    const cleared = await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { scheduled_at: null, validity_seconds: null });
    expect(cleared.body.data.campaign).toMatchObject({ scheduled_at: null, validity_seconds: null, version: 2 });
    const empty = await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { version: 2 });
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe('validation_failed');
  });

  it('the edit is checked like a new draft (encoding, sender, groups), leaving the draft as it was', async () => {
    const draft = await createDraft(owner, {});
    for (const [change, code, field] of [
      [{ body: 'x'.repeat(1531) }, 'too_many_segments', 'body'],
      [{ sender_id: 'NOTOURS' }, 'validation_failed', 'sender_id'],
      [{ group_ids: [randomUUID()] }, 'validation_failed', 'group_ids'],
    ] as const) {
      const res = await call(owner, 'patch', `/v1/campaigns/${draft.id}`, change);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code, field });
    }
    expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign).toEqual(draft);
  });

  it('an edit that leaves the body alone keeps its encoding, even on a route that could not carry it; a new body is checked', async () => {
    const draft = await createDraft(owner, { body: 'Karibu café' });
    await setSmsRoute(await env.ctx(), 'ascii');
    try {
      const renamed = await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { name: 'Café' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.campaign).toMatchObject({ name: 'Café', body: 'Karibu café', encoding: 'gsm7', version: 2 });
      const rewritten = await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { body: 'Karibu mgahawa' });
      expect(rewritten.body.data.campaign).toMatchObject({ body: 'Karibu mgahawa', encoding: 'ascii', version: 3 });
    } finally {
      await setSmsRoute(await env.ctx(), 'gsm0338');
    }
  });

  it('test keys get 403 test_mode_not_allowed; a launched campaign is 409 campaign_not_draft', async () => {
    const { groupId } = await audience(2);
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const test = await call({ app: env.app, bearer: org.keys.test!.secret }, 'patch', `/v1/campaigns/${draft.id}`, { name: 'Test' });
    expect(test.status).toBe(403);
    expect(test.body.error.code).toBe('test_mode_not_allowed');
    const q = await quote(owner, draft.id);
    await launch(owner, draft.id, { quote_id: q.id });
    const res = await call(live, 'patch', `/v1/campaigns/${draft.id}`, { name: 'Too late' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('campaign_not_draft');
  });
});

describe('discard a draft', () => {
  it('discarded, record kept, audience deleted; again: unchanged with X-Idempotent-Replay; then no edit, quote or launch', async () => {
    const { groupId } = await audience(2);
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q = await quote(owner, draft.id);
    const res = await call(live, 'post', `/v1/campaigns/${draft.id}/discard`);
    expect(res.status).toBe(200);
    expect(res.headers['x-idempotent-replay']).toBeUndefined();
    expect(res.body.data.campaign).toMatchObject({ id: draft.id, status: 'discarded', quote: null });
    expect(Number((await env.sql<{ n: string }>('select count(*) as n from campaign_recipients where quote_id = ?', [q.id]))[0]!.n)).toBe(0);
    const again = await call(live, 'post', `/v1/campaigns/${draft.id}/discard`);
    expect(again.status).toBe(200);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.body).toEqual(res.body);
    expect((await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { name: 'x' })).body.error.code).toBe('campaign_not_draft');
    expect((await call(owner, 'post', `/v1/campaigns/${draft.id}/quote`, {}, newKey())).body.error.code).toBe('campaign_not_draft');
    expect((await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey())).body.error.code).toBe('campaign_not_draft');
  });

  it('a launched campaign cannot be discarded (409 campaign_not_draft); test keys are refused', async () => {
    const { groupId } = await audience(1);
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const test = await call({ app: env.app, bearer: org.keys.test!.secret }, 'post', `/v1/campaigns/${draft.id}/discard`);
    expect(test.body.error.code).toBe('test_mode_not_allowed');
    const q = await quote(owner, draft.id);
    await launch(owner, draft.id, { quote_id: q.id });
    const res = await call(owner, 'post', `/v1/campaigns/${draft.id}/discard`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('campaign_not_draft');
  });
});

describe('a deleted group', () => {
  it('leaves every draft that used it: version grows, quote stale, audience gone; launched campaigns keep theirs', async () => {
    const a = await audience(2);
    const b = await audience(2);
    const draft = await createDraft(owner, { group_ids: [a.groupId, b.groupId] });
    const q = await quote(owner, draft.id);
    const launchedDraft = await createDraft(owner, { group_ids: [a.groupId] });
    const lq = await quote(owner, launchedDraft.id);
    await launch(owner, launchedDraft.id, { quote_id: lq.id });
    const deleted = await owner.agent.delete(`/v1/groups/${a.groupId}`).set('X-CSRF-Token', owner.csrf);
    expect(deleted.status).toBe(200);
    const after = (await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign;
    expect(after).toMatchObject({ group_ids: [b.groupId], version: 2, quote: null });
    expect(Number((await env.sql<{ n: string }>('select count(*) as n from campaign_recipients where quote_id = ?', [q.id]))[0]!.n)).toBe(0);
    const relaunch = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
    expect(relaunch.body.error.code).toBe('quote_stale');
    const kept = (await owner.agent.get(`/v1/campaigns/${launchedDraft.id}`)).body.data.campaign;
    expect(kept).toMatchObject({ status: 'sending', group_ids: [a.groupId], version: 1 });
  });
});

describe('request hygiene', () => {
  it('unknown query parameters on the list are 422', async () => {
    const res = await request(env.app).get('/v1/campaigns?colour=blue').set(bearer(org.keys.live!.secret));
    expect(res.status).toBe(422);
  });
});
