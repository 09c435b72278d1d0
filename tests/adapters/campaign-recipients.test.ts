// The recipients of a launched campaign over HTTP: public statuses and money before and after feeding, every status
// filter, number search in every form, masking by caller, keyset paging on n, the read timeout, and every refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createDraft, feed, launchOver, optOut, recordConsent } from '../support/campaigns.ts';
import { newId } from '../../core/db/ids.ts';
import { nativePool, nativeTransaction } from '../../core/db/sql.ts';
import { feedOnce } from '../../core/app/campaigns/feed.ts';
import { applyMoves, type Move } from '../../core/app/messages/message-moves.ts';
import { readSettings } from '../../core/app/platform/settings.ts';
import { runDueTransitions } from '../../core/app/tick.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let owner: Session;
let analyst: Session;
let marketer: Session;
const T0 = new Date('2026-11-22T09:00:00Z');
const ids: Record<'mixed' | 'pending' | 'cancelled' | 'expired' | 'draft' | 'discarded' | 'foreign', string> = {} as never;
/** The mixed campaign's numbers, n = index + 1 (promotional: 2500 cents a segment). */
const MIXED = Array.from({ length: 12 }, (_, i) => `+2557541000${String(i + 1).padStart(2, '0')}`);
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000).toISOString();

const launched = async (session: Session, organizationId: string, phones: string[], draft: Record<string, unknown> = {}) =>
  (await launchOver(env, session, organizationId, phones, draft)).id as string;

/** Feeds only the first recipient of the one campaign that needs feeding now. */
async function feedFirst() {
  const ctx = await env.ctx();
  await feedOnce(await nativePool(env.orm.em), ctx.now, (await readSettings(ctx)).window, 1);
}

async function moveMessages(campaignId: string, moves: [n: number, events: Move['event'][], reason?: string][]) {
  const found = await env.sql<{ n: number; message_id: string }>(
    'select r.n, r.message_id from campaigns c join campaign_recipients r on r.organization_id = c.organization_id and r.quote_id = c.launch_quote_id where c.id = ?',
    [campaignId],
  );
  const byN = new Map(found.map((r) => [r.n, r.message_id]));
  const now = await env.clock.now();
  for (const [n, events, reason] of moves) {
    await nativeTransaction(await nativePool(env.orm.em), (tx) =>
      applyMoves(tx, now, events.map((event) => ({ organizationId: org.id, messageId: byN.get(n)!, event, failureReason: reason ?? null }))),
    );
  }
}

beforeAll(async () => {
  env = await setupTestEnv();
  const senders = [{ name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true }];
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders,
    members: { owner: 'owner', analyst: 'analyst', marketer: 'marketer', developer: 'developer', billing: 'billing' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' }, reader: { mode: 'live', scopes: ['campaigns:read'] }, sender: { mode: 'live', scopes: ['messages:send'] } },
  });
  other = await createOrg(env, { credit: 1_000_000n, senders, keys: {} });
  [owner, analyst, marketer] = [await signInAs(env, org.members.owner!), await signInAs(env, org.members.analyst!), await signInAs(env, org.members.marketer!)];

  // Two hours early: a campaign valid one hour, its first recipient queued; at T0 the rest expire before sending, the message too.
  env.clock.set(new Date(T0.getTime() - 7_200_000));
  ids.expired = await launched(owner, org.id, [campaignPhone(), campaignPhone(), campaignPhone()], { validity_seconds: 3600 });
  await feedFirst();
  env.clock.set(T0);
  await runDueTransitions(await env.ctx());

  // Cancelled with its first recipient queued: a cancelled message and recipients cancelled before sending.
  ids.cancelled = await launched(owner, org.id, [campaignPhone(), campaignPhone(), campaignPhone()]);
  await feedFirst();
  expect((await call(owner, 'post', `/v1/campaigns/${ids.cancelled}/cancel`, {})).status).toBe(200);

  // Promotional: n2 opts out and n3 loses consent after the quote; fed at T0+60; messages move at T0+120.
  ids.mixed = await launched(owner, org.id, MIXED, { traffic_class: 'promotional' });
  await optOut(env, org.id, MIXED[1]!);
  await recordConsent(env, org.id, MIXED[2]!, 'consent_cleared');
  env.clock.set(new Date(T0.getTime() + 60_000));
  await feed(env);
  env.clock.set(new Date(T0.getTime() + 120_000));
  await moveMessages(ids.mixed, [
    [4, ['submit_accepted']],
    [5, ['submit_accepted', 'receipt_delivered']],
    [6, ['submit_refused'], 'rejected by the operator'],
    [7, ['submit_accepted', 'receipt_undelivered']],
    [8, ['submit_ambiguous']],
    [9, ['expire'], 'the message expired before it could be sent'],
    [10, ['cancel'], 'the campaign was cancelled'],
  ]);

  // Launched at T0+120 and never fed: every recipient pending.
  ids.pending = await launched(owner, org.id, [campaignPhone(), campaignPhone(), campaignPhone()]);
  ids.draft = (await createDraft(owner, {})).id;
  ids.discarded = (await createDraft(owner, {})).id;
  expect((await call(owner, 'post', `/v1/campaigns/${ids.discarded}/discard`, {})).status).toBe(200);
  const otherOwner = await signInAs(env, other.members.owner!);
  ids.foreign = await launched(otherOwner, other.id, [campaignPhone()]);
});

const list = (who: Session | string, campaignId: string, query = '') =>
  typeof who === 'string'
    ? request(env.app).get(`/v1/campaigns/${campaignId}/messages${query}`).set(bearer(who))
    : who.agent.get(`/v1/campaigns/${campaignId}/messages${query}`);

async function listed(who: Session | string, campaignId: string, query = '') {
  const res = await list(who, campaignId, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { recipients: Record<string, unknown>[]; next_after: number | null; numbers_masked: boolean };
}

const ns = async (campaignId: string, query: string) => (await listed(owner, campaignId, query)).recipients.map((r) => r.n);

describe('a launched campaign', () => {
  it('lists every recipient in audience order with its public status, share, charge and times', async () => {
    const data = await listed(owner, ids.mixed);
    expect(data.numbers_masked).toBe(false);
    expect(data.next_after).toBeNull();
    const held = { charge: 'held', final_at: null };
    const fed = { queued_at: at(60) };
    const expected = [
      { status: 'accepted', ...held, ...fed, failure_reason: null, updated_at: at(60) },
      { status: 'skipped_opted_out', message_id: null, charge: 'released', queued_at: null, updated_at: at(60), final_at: at(60) },
      { status: 'skipped_no_consent', message_id: null, charge: 'released', queued_at: null, updated_at: at(60), final_at: at(60) },
      { status: 'submitted', charge: 'captured', final_at: null, ...fed, updated_at: at(120) },
      { status: 'delivered', charge: 'captured', final_at: at(120), ...fed },
      { status: 'failed', charge: 'released', failure_reason: 'rejected by the operator', final_at: at(120), ...fed },
      { status: 'undelivered', charge: 'captured', final_at: at(120), ...fed },
      { status: 'unknown', charge: 'held', final_at: null, ...fed },
      { status: 'expired', charge: 'released', final_at: at(120), failure_reason: 'the message expired before it could be sent' },
      { status: 'cancelled', charge: 'released', final_at: at(120), failure_reason: 'the campaign was cancelled' },
      { status: 'accepted', ...held, ...fed },
      { status: 'accepted', ...held, ...fed },
    ];
    expect(data.recipients).toHaveLength(12);
    data.recipients.forEach((r, i) => {
      expect(r).toMatchObject({ n: i + 1, to: MIXED[i], segments: 1, unit_amount: 2500, amount: 2500, ...expected[i] });
      expect(Object.keys(r).sort()).toEqual(
        ['amount', 'charge', 'failure_reason', 'final_at', 'message_id', 'n', 'queued_at', 'segments', 'status', 'to', 'unit_amount', 'updated_at'],
      );
    });
    // Fed recipients carry their message's id; its status and charge are the message's.
    const messages = await env.sql<{ id: string; status: string; charge: string }>('select id, status, charge from messages where campaign_id = ? order by client_ref', [ids.mixed]);
    for (const r of data.recipients.filter((x) => x.message_id !== null)) {
      const m = messages.find((x) => x.id === r.message_id)!;
      expect([r.status, r.charge]).toEqual([m.status, m.charge]);
    }
  });

  it('shows recipients not yet fed as pending, their share held, last updated at the launch', async () => {
    const data = await listed(owner, ids.pending);
    expect(data.recipients).toHaveLength(3);
    for (const r of data.recipients) {
      expect(r).toMatchObject({ status: 'pending', message_id: null, charge: 'held', amount: 2000, queued_at: null, final_at: null, failure_reason: null, updated_at: at(120) });
    }
  });

  it('shows recipients cancelled or expired before sending with their share released, next to the message that was cancelled or expired', async () => {
    const cancelled = await listed(owner, ids.cancelled);
    expect(cancelled.recipients.map((r) => [r.status, r.charge, r.message_id === null])).toEqual([
      ['cancelled', 'released', false],
      ['cancelled', 'released', true],
      ['cancelled', 'released', true],
    ]);
    expect(cancelled.recipients[1]).toMatchObject({ final_at: T0.toISOString(), updated_at: T0.toISOString() });
    const expired = await listed(owner, ids.expired);
    expect(expired.recipients.map((r) => [r.status, r.charge, r.message_id === null])).toEqual([
      ['expired', 'released', false],
      ['expired', 'released', true],
      ['expired', 'released', true],
    ]);
  });
});

describe('status filter', () => {
  it.each([
    ['accepted', [1, 11, 12]],
    ['submitted', [4]],
    ['delivered', [5]],
    ['failed', [6]],
    ['undelivered', [7]],
    ['unknown', [8]],
    ['expired', [9]],
    ['cancelled', [10]],
    ['skipped_opted_out', [2]],
    ['skipped_no_consent', [3]],
    ['skipped', [2, 3]],
    ['pending', []],
  ])('status=%s', async (status, expected) => {
    expect(await ns(ids.mixed, `?status=${status}`)).toEqual(expected);
  });

  it('pending lists recipients not yet fed', async () => {
    expect(await ns(ids.pending, '?status=pending')).toEqual([1, 2, 3]);
    expect(await ns(ids.pending, '?status=accepted')).toEqual([]);
  });

  it('cancelled and expired match recipients settled before sending and messages alike', async () => {
    expect(await ns(ids.cancelled, '?status=cancelled')).toEqual([1, 2, 3]);
    expect(await ns(ids.expired, '?status=expired')).toEqual([1, 2, 3]);
    expect(await ns(ids.expired, '?status=cancelled')).toEqual([]);
  });

  it('an unknown status is 422 validation_failed', async () => {
    const res = await list(owner, ids.mixed, '?status=queued');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'status' });
  });
});

describe('search', () => {
  it.each([
    ['0754100001', [1]],
    ['+255754100001', [1]],
    ['255754100001', [1]],
    ['754100001', [1]],
    ['075410001', [10, 11, 12]],
    ['+255 754 100 01', [10, 11, 12]],
    ['25575410001', [10, 11, 12]],
    ['75410001', [10, 11, 12]],
    ['0754', MIXED.map((_, i) => i + 1)],
    ['0655', []],
  ])('%j finds the recipients whose numbers start so', async (search, expected) => {
    expect(await ns(ids.mixed, `?search=${encodeURIComponent(search)}`)).toEqual(expected);
  });

  it('combines with the status filter and paging', async () => {
    expect(await ns(ids.mixed, `?search=075410001&status=accepted`)).toEqual([11, 12]);
    const first = await listed(owner, ids.mixed, '?search=075410001&limit=2');
    expect([first.recipients.map((r) => r.n), first.next_after]).toEqual([[10, 11], 11]);
    const next = await listed(owner, ids.mixed, '?search=075410001&limit=2&after=11');
    expect([next.recipients.map((r) => r.n), next.next_after]).toEqual([[12], null]);
  });

  it('is refused to callers without contacts.read: 403 forbidden, field search (API keys always)', async () => {
    for (const res of [await list(analyst, ids.mixed, '?search=0754'), await list(org.keys.live!.secret, ids.mixed, '?search=0754'), await list(org.keys.reader!.secret, ids.mixed, '?search=0754')]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', field: 'search' });
    }
  });

  it.each([
    ['over 20 characters', '0'.repeat(21)],
    ['letters', '07a'],
  ])('a search of %s is 422 validation_failed', async (_label, search) => {
    const res = await list(owner, ids.mixed, `?search=${search}`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'search' });
  });
});

describe('masking', () => {
  it.each([
    ['the owner', false, () => owner],
    ['a marketer (contacts.read)', false, () => marketer],
    ['an analyst', true, () => analyst],
    ['a live key', true, () => org.keys.live!.secret],
    ['a key with campaigns:read only', true, () => org.keys.reader!.secret],
  ])('%s: numbers_masked %s', async (_label, masked, who) => {
    const data = await listed(who(), ids.mixed, '?limit=2');
    expect(data.numbers_masked).toBe(masked);
    expect(data.recipients.map((r) => r.to)).toEqual(masked ? ['+255754****01', '+255754****02'] : [MIXED[0], MIXED[1]]);
  });
});

describe('test keys', () => {
  it('see no campaign: campaigns are live traffic (list empty; the campaign, its recipients and its export 404)', async () => {
    const key = bearer(org.keys.test!.secret);
    const list = await request(env.app).get('/v1/campaigns').set(key);
    expect([list.status, list.body.data]).toEqual([200, { campaigns: [], next_before: null }]);
    for (const path of [`/v1/campaigns/${ids.mixed}`, `/v1/campaigns/${ids.mixed}/messages`, `/v1/campaigns/${ids.mixed}/messages.csv`]) {
      const res = await request(env.app).get(path).set(key);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 404, 'not_found']);
    }
    const head = await request(env.app).head(`/v1/campaigns/${ids.mixed}/messages.csv`).set(key);
    expect(head.status).toBe(404);
    // The live key of the same organization reads them.
    expect((await request(env.app).get(`/v1/campaigns/${ids.mixed}`).set(bearer(org.keys.live!.secret))).status).toBe(200);
    const live = await request(env.app).get('/v1/campaigns').set(bearer(org.keys.live!.secret));
    expect(live.body.data.campaigns.length).toBeGreaterThan(0);
  });
});

describe('paging', () => {
  it('walks the audience with after and next_after, null on the last page', async () => {
    const seen: number[] = [];
    const cursors: (number | null)[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const data = await listed(owner, ids.mixed, `?limit=5${after ? `&after=${after}` : ''}`);
      seen.push(...data.recipients.map((r) => r.n as number));
      cursors.push(data.next_after);
      after = data.next_after;
    }
    expect(seen).toEqual(MIXED.map((_, i) => i + 1));
    expect(cursors).toEqual([5, 10, null]);
  });

  it('a page that ends exactly at the last recipient has next_after null', async () => {
    const data = await listed(owner, ids.mixed, '?limit=6&after=6');
    expect([data.recipients.map((r) => r.n), data.next_after]).toEqual([[7, 8, 9, 10, 11, 12], null]);
    expect((await listed(owner, ids.mixed, '?after=12')).recipients).toEqual([]);
  });

  it('pages within a status filter', async () => {
    const first = await listed(owner, ids.mixed, '?status=accepted&limit=2');
    expect([first.recipients.map((r) => r.n), first.next_after]).toEqual([[1, 11], 11]);
    const next = await listed(owner, ids.mixed, '?status=accepted&limit=2&after=11');
    expect([next.recipients.map((r) => r.n), next.next_after]).toEqual([[12], null]);
  });

  it('defaults to 50 and allows 200', async () => {
    const big = await seedLaunched(env, org.id, 260);
    expect((await listed(owner, big)).recipients).toHaveLength(50);
    const page = await listed(owner, big, '?limit=200');
    expect([page.recipients.length, page.next_after]).toEqual([200, 200]);
  });

  it.each([
    ['limit=0'], ['limit=201'], ['limit=x'], ['after=-1'], ['after=1.5'], ['after=x'], ['after=2147483648'], ['before=1'], ['campaign=none'],
  ])('%s is 422 validation_failed', async (query) => {
    const res = await list(owner, ids.mixed, `?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

describe('refusals', () => {
  it.each([
    ['a draft', 'draft'],
    ['a discarded draft', 'discarded'],
  ] as const)('%s has no recipients: 409 campaign_not_launched', async (_label, which) => {
    const res = await list(owner, ids[which]);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('campaign_not_launched');
  });

  it.each([
    ['an unknown id', () => newId()],
    ['another organization\'s campaign', () => ids.foreign],
    ['a malformed id', () => 'not-a-uuid'],
  ])('%s is 404 not_found', async (_label, id) => {
    const res = await list(owner, id());
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('needs campaigns:read (keys) or campaigns.read (members)', async () => {
    const key = await list(org.keys.sender!.secret, ids.mixed);
    expect([key.status, key.body.error.code]).toEqual([403, 'insufficient_scope']);
    for (const label of ['developer', 'billing']) {
      const res = await list(await signInAs(env, org.members[label]!), ids.mixed);
      expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    }
    const anonymous = await request(env.app).get(`/v1/campaigns/${ids.mixed}/messages`);
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'unauthorized']);
  });
});

describe('read timeout', () => {
  it('a read longer than readTimeoutMs is 503 read_timeout with Retry-After; the same read within the limit answers', async () => {
    const big = await seedLaunched(env, org.id, 200_000);
    const slow = await setupTestEnv({ readTimeoutMs: 1 });
    const slowOwner = await signInAs(slow, org.members.owner!);
    const res = await slowOwner.agent.get(`/v1/campaigns/${big}/messages?status=delivered`);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('read_timeout');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await listed(owner, big, '?status=delivered')).recipients).toEqual([]);
  }, 60_000);
});

/** A launched campaign written straight into the tables: size pending recipients, numbers +255754000001 on. */
async function seedLaunched(e: TestEnv, organizationId: string, size: number): Promise<string> {
  const campaignId = newId();
  const quoteId = newId();
  const now = await e.clock.now();
  await e.sql(
    `insert into campaign_quotes (id, organization_id, campaign_id, campaign_version, group_ids, memberships, eligible, duplicates, opted_out, no_consent,
       traffic_class, encoding, segments, sms_route, price_plan_id, unit_amount, total, created_at, expires_at)
     values (?, ?, ?, 1, '{}', ?, ?, 0, 0, 0, 'transactional', 'gsm7', 1, 'gsm0338', ?, 2000, ?, ?, ?)`,
    [quoteId, organizationId, campaignId, size, size, newId(), 2000 * size, now, now],
  );
  // Fed through the end, so no feeder picks it up.
  await e.sql(
    `insert into campaigns (id, organization_id, name, traffic_class, sender, body, encoding, segments, status, created_via, quote_id, launch_quote_id,
       launched_at, reserved, starts_at, expires_at, started_at, fed_through, audience_size, created_at, updated_at)
     values (?, ?, 'Seeded', 'transactional', 'UJUMBE', 'Habari', 'gsm7', 1, 'sending', 'dashboard', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [campaignId, organizationId, quoteId, quoteId, now, 2000 * size, now, new Date(now.getTime() + 86_400_000), now, size, size, now, now],
  );
  await e.sql(
    `insert into campaign_recipients (organization_id, quote_id, n, phone) select ?, ?, g, '+255754' || lpad(g::text, 6, '0') from generate_series(1, ?) g`,
    [organizationId, quoteId, size],
  );
  return campaignId;
}

