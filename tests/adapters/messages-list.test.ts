// GET /v1/messages and GET /v1/messages/{id} over HTTP: each key sees its own mode only, members see both
// (with a mode filter), keyset paging, the campaign filter, campaign numbers masked for keys and for members
// without contacts.read, attempts and receipts on get, and 404 for other modes, other tenants and bad ids.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { newId } from '../../core/db/ids.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;
type Message = Record<string, any>;

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
const s: Record<string, Session> = {};

/** Ids in creation order. */
const liveIds: string[] = [];
const testIds: string[] = [];
const singleLiveIds: string[] = [];
const campaignA = randomUUID();
const campaignB = randomUUID();
const campaignAIds: string[] = [];
const campaignBIds: string[] = [];
let otherLiveId: string;
let otherTestId: string;

const CAMPAIGN_NUMBERS: Record<string, { full: string; masked: string }> = {};

let serial = 0;
const freshNumber = (last = '3') => `+255754${String(10000 + ++serial).slice(-5)}${last}`;

function sendAs(secret: string, body: Record<string, unknown> = {}) {
  return request(env.app)
    .post('/v1/messages')
    .set(bearer(secret))
    .set('X-Idempotency-Key', randomUUID())
    .send({ to: freshNumber(), from: 'UJUMBE', body: 'Habari', client_ref: `ref-${++serial}`, ...body });
}

async function sent(res: request.Response): Promise<string> {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.id as string;
}

async function insertCampaignMessage(orgId: string, campaignId: string, phone: string): Promise<string> {
  const id = newId();
  const now = await env.clock.now();
  await env.sql(
    `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
       unit_amount, total, charge, campaign_id, dispatch_after, expires_at, created_at, updated_at)
     values (?, ?, false, 'accepted', ?, 'UJUMBE', 'Ofa ya wiki hii', 'promotional', ?, 'gsm7', 1, 2500, 2500, 'held', ?, ?, ?, ?, ?)`,
    [id, orgId, phone, `campaign-${id}`, campaignId, now, new Date(now.getTime() + 86_400_000), now, now],
  );
  return id;
}

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }],
    members: { owner: 'owner', analyst: 'analyst', billing: 'billing', marketer: 'marketer' },
    keys: {
      live: { mode: 'live' },
      test: { mode: 'test' },
      liveReader: { mode: 'live', scopes: ['messages:read'] },
      testReader: { mode: 'test', scopes: ['messages:read'] },
      sendOnly: { mode: 'live', scopes: ['messages:send'] },
    },
  });
  other = await createOrg(env, {
    credit: 1_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
    members: { owner: 'owner' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' } },
  });
  for (const label of Object.keys(org.members)) s[label] = await signInAs(env, org.members[label]!);

  const push = (id: string, ...lists: string[][]) => lists.forEach((l) => l.push(id));
  push(await sent(await sendAs(org.keys.live!.secret)), liveIds, singleLiveIds);
  push(await sent(await sendAs(org.keys.test!.secret, { to: freshNumber('1') })), testIds);
  push(await sent(await sendAs(org.keys.live!.secret)), liveIds, singleLiveIds);
  for (const [phone, masked] of [
    ['+255754123456', '+255754****56'],
    ['+255713987654', '+255713****54'],
  ] as const) {
    const id = await insertCampaignMessage(org.id, campaignA, phone);
    CAMPAIGN_NUMBERS[id] = { full: phone, masked };
    push(id, liveIds, campaignAIds);
  }
  push(await sent(await sendAs(org.keys.test!.secret, { to: freshNumber('8') })), testIds);
  push(await sent(await sendAs(org.keys.test!.secret, { to: freshNumber('5') })), testIds);
  // A signed-in member's message is live.
  const byMember = await s.owner!.agent
    .post('/v1/messages')
    .set('X-CSRF-Token', s.owner!.csrf)
    .set('X-Idempotency-Key', randomUUID())
    .send({ to: freshNumber(), from: 'UJUMBE', body: 'From the dashboard', client_ref: 'dash-1' });
  push(await sent(byMember), liveIds, singleLiveIds);
  {
    const id = await insertCampaignMessage(org.id, campaignB, '+255784000012');
    CAMPAIGN_NUMBERS[id] = { full: '+255784000012', masked: '+255784****12' };
    push(id, liveIds, campaignBIds);
  }
  push(await sent(await sendAs(org.keys.live!.secret)), liveIds, singleLiveIds);
  push(await sent(await sendAs(org.keys.test!.secret, { to: freshNumber('2') })), testIds);
  otherLiveId = await sent(await sendAs(other.keys.live!.secret));
  otherTestId = await sent(await sendAs(other.keys.test!.secret));
  await insertCampaignMessage(other.id, campaignA, '+255754999999');
});

const newestFirst = (ids: string[]) => [...ids].reverse();
const allIds = () => {
  const all = [...liveIds, ...testIds];
  return all.sort().reverse();
};

function listAsKey(secret: string, query = '') {
  return request(env.app).get(`/v1/messages${query}`).set(bearer(secret));
}
function listAs(who: Session, query = '') {
  return who.agent.get(`/v1/messages${query}`);
}

function expectList(res: request.Response): { messages: Message[]; next_before: string | null } {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  expect(Object.keys(res.body.data).sort()).toEqual(['messages', 'next_before']);
  return res.body.data;
}

function expectError(res: request.Response, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  if (field !== undefined) expect(res.body.error.field).toBe(field);
}

/** Follows next_before to the end with the given page size; returns every id seen, page by page. */
async function allPages(get: (query: string) => Promise<request.Response>, size: number, extra = ''): Promise<string[][]> {
  const pages: string[][] = [];
  let before: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = expectList(await get(`?limit=${size}${extra}${before ? `&before=${before}` : ''}`));
    pages.push(page.messages.map((m) => m.id));
    expect(page.messages.length).toBeLessThanOrEqual(size);
    if (page.next_before === null) return pages;
    expect(page.next_before).toBe(page.messages[page.messages.length - 1]!.id);
    before = page.next_before;
  }
  throw new Error('paging did not end');
}

describe('who sees which messages', () => {
  it('a live key lists live messages only, newest first, single and campaign messages together', async () => {
    const page = expectList(await listAsKey(org.keys.live!.secret));
    expect(page.messages.map((m) => m.id)).toEqual(newestFirst(liveIds));
    expect(page.messages.every((m) => m.test === false)).toBe(true);
    expect(page.next_before).toBeNull();
    const readerPage = expectList(await listAsKey(org.keys.liveReader!.secret));
    expect(readerPage.messages.map((m) => m.id)).toEqual(newestFirst(liveIds));
  });

  it('a test key lists test messages only', async () => {
    const page = expectList(await listAsKey(org.keys.test!.secret));
    expect(page.messages.map((m) => m.id)).toEqual(newestFirst(testIds));
    expect(page.messages.every((m) => m.test === true)).toBe(true);
    expect(page.next_before).toBeNull();
    expect(expectList(await listAsKey(org.keys.testReader!.secret)).messages.map((m) => m.id)).toEqual(newestFirst(testIds));
  });

  it.each(['owner', 'analyst'])('a member (%s) sees both modes, and filters with mode', async (label) => {
    const who = s[label]!;
    expect(expectList(await listAs(who)).messages.map((m) => m.id)).toEqual(allIds());
    expect(expectList(await listAs(who, '?mode=test')).messages.map((m) => m.id)).toEqual(newestFirst(testIds));
    expect(expectList(await listAs(who, '?mode=live')).messages.map((m) => m.id)).toEqual(newestFirst(liveIds));
  });

  it('a key asking for the other mode never sees it (422 field mode); its own mode is fine', async () => {
    expectError(await listAsKey(org.keys.live!.secret, '?mode=test'), 422, 'validation_failed', 'mode');
    expectError(await listAsKey(org.keys.test!.secret, '?mode=live'), 422, 'validation_failed', 'mode');
    expect(expectList(await listAsKey(org.keys.live!.secret, '?mode=live')).messages.map((m) => m.id)).toEqual(newestFirst(liveIds));
    expect(expectList(await listAsKey(org.keys.test!.secret, '?mode=test')).messages.map((m) => m.id)).toEqual(newestFirst(testIds));
    expectError(await listAs(s.owner!, '?mode=sandbox'), 422, 'validation_failed', 'mode');
  });

  it("another organization's messages never appear", async () => {
    const ours = new Set([...liveIds, ...testIds]);
    for (const res of [await listAsKey(other.keys.live!.secret), await listAsKey(other.keys.test!.secret)]) {
      const ids = expectList(res).messages.map((m) => m.id);
      expect(ids.some((id) => ours.has(id))).toBe(false);
    }
    expect(expectList(await listAsKey(other.keys.live!.secret)).messages.map((m) => m.id)).toContain(otherLiveId);
    const mine = expectList(await listAs(s.owner!)).messages.map((m) => m.id);
    expect(mine).not.toContain(otherLiveId);
    expect(mine).not.toContain(otherTestId);
    expect(expectList(await listAs(s.owner!, `?campaign=${campaignA}`)).messages.map((m) => m.id)).toEqual(newestFirst(campaignAIds));
  });

  it('a listed message is the Message that get returns, without attempts and receipts', async () => {
    const page = expectList(await listAsKey(org.keys.live!.secret));
    for (const m of page.messages) {
      const got = await request(env.app).get(`/v1/messages/${m.id}`).set(bearer(org.keys.live!.secret));
      expect(got.status).toBe(200);
      const { attempts, receipts, ...rest } = got.body.data;
      expect(Array.isArray(attempts)).toBe(true);
      expect(Array.isArray(receipts)).toBe(true);
      expect(m).toEqual(rest);
    }
  });

  it.each([
    ['billing', 'forbidden'],
    ['marketer', 'forbidden'],
  ])('a member without messages.read (%s) is 403 %s', async (label, code) => {
    expectError(await listAs(s[label]!), 403, code);
    expectError(await s[label]!.agent.get(`/v1/messages/${liveIds[0]}`), 403, code);
  });

  it('a key without messages:read is 403 insufficient_scope; no credentials 401', async () => {
    expectError(await listAsKey(org.keys.sendOnly!.secret), 403, 'insufficient_scope');
    expectError(await request(env.app).get(`/v1/messages/${liveIds[0]}`).set(bearer(org.keys.sendOnly!.secret)), 403, 'insufficient_scope');
    expectError(await request(env.app).get('/v1/messages'), 401, 'unauthorized');
  });
});

describe('keyset paging', () => {
  it.each([1, 2, 3, 50])('pages of %i follow next_before through every message once, in order', async (size) => {
    const pages = await allPages((q) => listAs(s.owner!, q), size);
    expect(pages.flat()).toEqual(allIds());
    expect(pages.slice(0, -1).every((p) => p.length === size)).toBe(true);
  });

  it('paging works with the mode and campaign filters', async () => {
    expect((await allPages((q) => listAsKey(org.keys.test!.secret, q), 2)).flat()).toEqual(newestFirst(testIds));
    expect((await allPages((q) => listAs(s.owner!, q), 2, '&mode=live')).flat()).toEqual(newestFirst(liveIds));
    expect((await allPages((q) => listAsKey(org.keys.live!.secret, q), 1, '&campaign=none')).flat()).toEqual(newestFirst(singleLiveIds));
    expect((await allPages((q) => listAsKey(org.keys.live!.secret, q), 1, `&campaign=${campaignA}`)).flat()).toEqual(newestFirst(campaignAIds));
  });

  it('before gives the messages strictly older than that id; a full last page ends with next_before null', async () => {
    const ordered = newestFirst(liveIds);
    const middle = ordered[2]!;
    const page = expectList(await listAsKey(org.keys.live!.secret, `?before=${middle}`));
    expect(page.messages.map((m) => m.id)).toEqual(ordered.slice(3));
    const exact = expectList(await listAsKey(org.keys.live!.secret, `?limit=${ordered.length}`));
    expect(exact.messages.map((m) => m.id)).toEqual(ordered);
    expect(exact.next_before).toBeNull();
    const short = expectList(await listAsKey(org.keys.live!.secret, `?limit=${ordered.length - 1}`));
    expect(short.next_before).toBe(ordered[ordered.length - 2]);
    const oldest = expectList(await listAsKey(org.keys.live!.secret, `?before=${ordered[ordered.length - 1]}`));
    expect(oldest).toEqual({ messages: [], next_before: null });
  });

  it('the default page is 50 and at most 100 are allowed', async () => {
    const many = await createOrg(env, {
      credit: 1_000_000n,
      senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
      members: {},
      keys: { test: { mode: 'test' } },
    });
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) ids.push(await sent(await sendAs(many.keys.test!.secret)));
    const first = expectList(await listAsKey(many.keys.test!.secret));
    expect(first.messages.map((m) => m.id)).toEqual(newestFirst(ids).slice(0, 50));
    expect(first.next_before).toBe(ids[2]);
    const rest = expectList(await listAsKey(many.keys.test!.secret, `?before=${first.next_before}`));
    expect(rest).toMatchObject({ next_before: null });
    expect(rest.messages.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    const hundred = expectList(await listAsKey(many.keys.test!.secret, '?limit=100'));
    expect(hundred.messages).toHaveLength(52);
    expect(hundred.next_before).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['before=not-a-uuid', 'before'],
    ['colour=blue', 'colour'],
  ])('?%s is 422 validation_failed, field %s', async (query, field) => {
    expectError(await listAsKey(org.keys.live!.secret, `?${query}`), 422, 'validation_failed', field);
  });
});

describe('the campaign filter and masking', () => {
  it('campaign=none lists single messages only', async () => {
    const page = expectList(await listAsKey(org.keys.live!.secret, '?campaign=none'));
    expect(page.messages.map((m) => m.id)).toEqual(newestFirst(singleLiveIds));
    expect(page.messages.every((m) => m.campaign_id === null)).toBe(true);
    const member = expectList(await listAs(s.owner!, '?campaign=none'));
    const singles = new Set([...singleLiveIds, ...testIds]);
    expect(member.messages.map((m) => m.id)).toEqual(allIds().filter((id) => singles.has(id)));
  });

  it('campaign=<id> lists that campaign only, its numbers masked for a key', async () => {
    const page = expectList(await listAsKey(org.keys.live!.secret, `?campaign=${campaignA}`));
    expect(page.messages.map((m) => m.id)).toEqual(newestFirst(campaignAIds));
    for (const m of page.messages) {
      expect(m.campaign_id).toBe(campaignA);
      expect(m.to).toBe(CAMPAIGN_NUMBERS[m.id]!.masked);
      expect(m.to).toMatch(/^\+255\d{3}\*{4}\d{2}$/);
    }
    expect(expectList(await listAsKey(org.keys.live!.secret, `?campaign=${campaignB}`)).messages.map((m) => m.id)).toEqual(campaignBIds);
  });

  it('the campaign id is matched whatever its letter case', async () => {
    const page = expectList(await listAsKey(org.keys.live!.secret, `?campaign=${campaignA.toUpperCase()}`));
    expect(page.messages.map((m) => m.id)).toEqual(newestFirst(campaignAIds));
  });

  it('a campaign id with no messages gives an empty list; a test key never sees campaign messages', async () => {
    expect(expectList(await listAsKey(org.keys.live!.secret, `?campaign=${randomUUID()}`))).toEqual({ messages: [], next_before: null });
    expect(expectList(await listAsKey(org.keys.test!.secret, `?campaign=${campaignA}`))).toEqual({ messages: [], next_before: null });
  });

  it.each(['bad', 'NONE', '', '12345678-1234-1234-1234-1234567890'])('campaign=%j is 422 validation_failed, field campaign', async (value) => {
    expectError(await listAsKey(org.keys.live!.secret, `?campaign=${encodeURIComponent(value)}`), 422, 'validation_failed', 'campaign');
  });

  it('campaign numbers: masked for keys and for an analyst, full for the owner; single messages always full', async () => {
    const views: Record<string, Message[]> = {
      key: expectList(await listAsKey(org.keys.live!.secret)).messages,
      reader: expectList(await listAsKey(org.keys.liveReader!.secret)).messages,
      analyst: expectList(await listAs(s.analyst!, '?mode=live')).messages,
      owner: expectList(await listAs(s.owner!, '?mode=live')).messages,
    };
    for (const [who, messages] of Object.entries(views)) {
      for (const m of messages) {
        const campaign = CAMPAIGN_NUMBERS[m.id];
        if (!campaign) {
          expect(m.to, `${who} ${m.id}`).toMatch(/^\+255\d{9}$/);
          continue;
        }
        expect(m.to, `${who} ${m.id}`).toBe(who === 'owner' ? campaign.full : campaign.masked);
      }
    }
    // get masks the same way.
    for (const id of [...campaignAIds, ...campaignBIds]) {
      const { full, masked } = CAMPAIGN_NUMBERS[id]!;
      expect((await request(env.app).get(`/v1/messages/${id}`).set(bearer(org.keys.live!.secret))).body.data.to).toBe(masked);
      expect((await s.analyst!.agent.get(`/v1/messages/${id}`)).body.data.to).toBe(masked);
      expect((await s.owner!.agent.get(`/v1/messages/${id}`)).body.data.to).toBe(full);
    }
  });
});

describe('get a message', () => {
  it('a live message with its (empty) attempts and receipts', async () => {
    const id = singleLiveIds[0]!;
    const res = await request(env.app).get(`/v1/messages/${id}`).set(bearer(org.keys.live!.secret));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'accepted', test: false, campaign_id: null, attempts: [], receipts: [], price: { charged: false } });
  });

  it('a test message with the attempt and receipt of its outcome', async () => {
    const [failed, undelivered, delivered] = [testIds[0]!, testIds[1]!, testIds[2]!];
    const get = (id: string) => request(env.app).get(`/v1/messages/${id}`).set(bearer(org.keys.testReader!.secret));
    const f = (await get(failed)).body.data;
    expect(f).toMatchObject({ status: 'failed', test: true, failure_reason: expect.any(String), receipts: [] });
    expect(f.attempts).toEqual([{ number: 1, state: 'refused', detail: expect.any(String), started_at: f.created_at, finished_at: f.created_at }]);
    const u = (await get(undelivered)).body.data;
    expect(u).toMatchObject({ status: 'undelivered', final_at: u.created_at });
    expect(u.attempts).toEqual([{ number: 1, state: 'submitted', detail: null, started_at: u.created_at, finished_at: u.created_at }]);
    expect(u.receipts).toEqual([{ delivery: 'undelivered', raw_status: 'UNDELIV', failure_reason: expect.any(String), effect: 'undelivered', received_at: u.created_at }]);
    const d = (await get(delivered)).body.data;
    expect(d).toMatchObject({ status: 'delivered', failure_reason: null, final_at: d.created_at });
    expect(d.receipts).toEqual([{ delivery: 'delivered', raw_status: 'DELIVRD', failure_reason: null, effect: 'delivered', received_at: d.created_at }]);
  });

  it('a member reads messages of both modes', async () => {
    for (const id of [liveIds[0]!, testIds[0]!]) {
      const res = await s.analyst!.agent.get(`/v1/messages/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(id);
      expect(Array.isArray(res.body.data.attempts)).toBe(true);
    }
  });

  it.each([
    ['a test message to a live key', () => org.keys.live!.secret, () => testIds[0]!],
    ['a live message to a test key', () => org.keys.test!.secret, () => liveIds[0]!],
    ['a campaign message to a test key', () => org.keys.test!.secret, () => campaignAIds[0]!],
    ["another organization's live message", () => org.keys.live!.secret, () => otherLiveId],
    ["another organization's test message", () => org.keys.test!.secret, () => otherTestId],
    ['an unknown id', () => org.keys.live!.secret, () => '01900000-0000-7000-8000-000000000000'],
    ['a malformed id', () => org.keys.live!.secret, () => 'not-a-uuid'],
    ['an id with a trailing character', () => org.keys.live!.secret, () => `${liveIds[0]}x`],
  ])('%s is 404 not_found', async (_label, secret, id) => {
    expectError(await request(env.app).get(`/v1/messages/${id()}`).set(bearer(secret())), 404, 'not_found');
  });

  it("a member gets 404 for another organization's message", async () => {
    expectError(await s.owner!.agent.get(`/v1/messages/${otherLiveId}`), 404, 'not_found');
    expectError(await s.owner!.agent.get(`/v1/messages/${otherTestId}`), 404, 'not_found');
  });
});

describe('filters by status, traffic class, sender and creation time', () => {
  // The test key's messages, in the order sent: numbers ending 1 (failed), 8 (undelivered), 5 (delivered), 2 (failed).
  const ids = async (query: string) => expectList(await listAsKey(org.keys.test!.secret, query)).messages.map((m) => m.id);

  it('status narrows to one status or several, written with commas or repeated', async () => {
    const [f1, u, d, f2] = [testIds[0]!, testIds[1]!, testIds[2]!, testIds[3]!];
    expect(await ids('?status=failed')).toEqual(newestFirst([f1, f2]));
    expect(await ids('?status=failed,undelivered')).toEqual(newestFirst([f1, u, f2]));
    expect(await ids('?status=delivered&status=undelivered')).toEqual(newestFirst([u, d]));
  });

  it('traffic class, sender and a creation-time range narrow the list; a member filters live messages the same way', async () => {
    expect(await ids('?traffic_class=promotional')).toEqual([]);
    expect(await ids('?traffic_class=transactional&sender=UJUMBE')).toEqual(newestFirst(testIds));
    expect(await ids('?sender=OTHER')).toEqual([]);
    const now = (await env.ctx()).now;
    const later = new Date(now.getTime() + 3_600_000).toISOString();
    expect(await ids(`?created_from=${encodeURIComponent(later)}`)).toEqual([]);
    expect(await ids(`?created_to=${encodeURIComponent(later)}&status=delivered`)).toEqual([testIds[2]]);
    const live = expectList(await listAs(s.owner!, '?mode=live&status=accepted&campaign=none')).messages.map((m) => m.id);
    expect(live).toEqual(newestFirst(singleLiveIds));
  });

  it('a status that does not exist or a time without an offset is 422 naming the field', async () => {
    expectError(await listAsKey(org.keys.test!.secret, '?status=sent'), 422, 'validation_failed', 'status.0');
    expectError(await listAsKey(org.keys.test!.secret, '?status=failed,lost'), 422, 'validation_failed', 'status.1');
    expectError(await listAsKey(org.keys.test!.secret, '?created_from=2026-11-22T09:00:00'), 422, 'validation_failed', 'created_from');
  });
});
