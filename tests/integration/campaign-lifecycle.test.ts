// A launched campaign on the real database, driven by the injected clock: feeding in audience order and batches,
// skipping on opt-out or lost consent, the sending window, expiry at validity, cancel, feeders side by side, and the
// reservation settled exactly (captured + released = reserved). The dispatcher's own claim and answer writers
// stand for the provider side; no SMPP here (campaign-sending.test.ts sends through the simulator).
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, feed, launch, launchOver, optOut, quote, recipientRows, recordConsent } from '../support/campaigns.ts';
import { campaignMoney, expectWalletInvariant } from '../support/money.ts';
import { nativePool } from '../../core/db/sql.ts';
import { claimDue } from '../../core/app/messages/claim-due.ts';
import { recordOutcomes } from '../../core/app/messages/record-outcomes.ts';
import { feedAll, feedOnce, FEED_BATCH } from '../../core/app/campaigns/feed.ts';
import { runDueTransitions } from '../../core/app/tick.ts';
import { readSettings } from '../../core/app/platform/settings.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let owner: Session;
const T0 = new Date('2026-11-22T09:00:00Z');
const SHARE = 2000n;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 100_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  owner = await signInAs(env, org.members.owner!);
});

const launched = (phones: string[], draft: Record<string, unknown> = {}, consented: string[] = phones) => launchOver(env, owner, org.id, phones, draft, consented);

/** n fresh numbers (for audiences larger than one feeding batch). */
const bulkPhones = async (n: number) => Array.from({ length: n }, () => campaignPhone());

/** The provider side: claims up to `limit` due messages at `at` and answers every one with acceptance. */
async function acceptDue(at: Date, limit = 100_000, windowOpen = true) {
  const pool = await nativePool(env.orm.em);
  const claimed = await claimDue(pool, at, limit, windowOpen);
  await recordOutcomes(pool, at, claimed.map((m) => ({ message: m, smsc: 'test-smsc', outcome: { kind: 'accepted' as const, providerIds: [`p-${m.id}`] } })));
  return claimed;
}

const recipients = (campaignId: string) => recipientRows(env, campaignId);

const statusOf = async (id: string) => (await owner.agent.get(`/v1/campaigns/${id}`)).body.data.campaign.status as string;

async function expectSettledExactly(campaignId: string) {
  const money = await campaignMoney(env, campaignId);
  expect(money.captured + money.released).toBe(money.reserved);
  await expectWalletInvariant(env, org.id);
}

describe('feeding', () => {
  it('turns recipients into messages in audience order: accepted, share held, expiring with the campaign, sender and body of the campaign', async () => {
    const phones = [campaignPhone(), campaignPhone(), campaignPhone()];
    const campaign = await launched(phones, { body: 'Habari za mavuno' });
    expect(await feed(env)).toBeGreaterThan(0);
    const rows = await recipients(campaign.id);
    expect(rows.map((r) => [r.n, r.phone, r.status, r.message_status, r.charge])).toEqual([
      [1, phones[0], 'queued', 'accepted', 'held'],
      [2, phones[1], 'queued', 'accepted', 'held'],
      [3, phones[2], 'queued', 'accepted', 'held'],
    ]);
    const [m] = await env.sql<Record<string, unknown>>('select * from messages where id = ?', [rows[0]!.message_id]);
    expect(m).toMatchObject({ campaign_id: campaign.id, sender: 'UJUMBE', body: 'Habari za mavuno', total: '2000', unit_amount: '2000', segments: 1, test: false, client_ref: `${campaign.id}/1` });
    expect(new Date(m!['expires_at'] as string).toISOString()).toBe(campaign.launch.expires_at);
    // Messages of a campaign draw on the reservation: no money moves when they are created.
    expect((await campaignMoney(env, campaign.id))).toEqual({ reserved: 6000n, captured: 0n, released: 0n });
    await expectWalletInvariant(env, org.id);
  });

  it('skips recipients who opted out after the quote, or (promotional) lost their consent, releasing their shares when their turn comes', async () => {
    const phones = [campaignPhone(), campaignPhone(), campaignPhone(), campaignPhone()];
    const campaign = await launched(phones, { traffic_class: 'promotional' });
    await optOut(env, org.id, phones[1]!);
    await recordConsent(env, org.id, phones[2]!, 'consent_cleared');
    await feed(env);
    const rows = await recipients(campaign.id);
    expect(rows.map((r) => [r.status, r.released, r.message_id === null])).toEqual([
      ['queued', false, false],
      ['skipped_opted_out', true, true],
      ['skipped_no_consent', true, true],
      ['queued', false, false],
    ]);
    expect(await campaignMoney(env, campaign.id)).toEqual({ reserved: 10_000n, captured: 0n, released: 5000n });
    await expectWalletInvariant(env, org.id);
  });

  it('a transactional campaign ignores consent but never sends to an opted-out number', async () => {
    const phones = [campaignPhone(), campaignPhone()];
    const campaign = await launched(phones, {}, []);
    await optOut(env, org.id, phones[0]!);
    await feed(env);
    expect((await recipients(campaign.id)).map((r) => r.status)).toEqual(['skipped_opted_out', 'queued']);
  });

  it(`feeds in batches of ${FEED_BATCH}, in order, and feeders side by side never feed a recipient twice`, async () => {
    const a = await launched(await bulkPhones(2500));
    const b = await launched(await bulkPhones(1200));
    const pool = await nativePool(env.orm.em);
    const settings = await readSettings(await env.ctx());
    expect(await feedOnce(pool, T0, settings.window)).toBe(FEED_BATCH);
    const afterOne = await recipients(a.id);
    expect(afterOne.filter((r) => r.status === 'queued').map((r) => r.n)).toEqual(Array.from({ length: FEED_BATCH }, (_, i) => i + 1));
    await Promise.all([feedAll(pool, T0, settings.window), feedAll(pool, T0, settings.window), feedAll(pool, T0, settings.window), feedAll(pool, T0, settings.window)]);
    for (const c of [a, b]) {
      const rows = await recipients(c.id);
      expect(rows.every((r) => r.status === 'queued')).toBe(true);
      const [counts] = await env.sql<{ messages: string; distinct_refs: string }>(
        'select count(*) as messages, count(distinct client_ref) as distinct_refs from messages where campaign_id = ?',
        [c.id],
      );
      expect(Number(counts!.messages)).toBe(rows.length);
      expect(Number(counts!.distinct_refs)).toBe(rows.length);
    }
    await expectWalletInvariant(env, org.id);
  });

  it('stops feeding a campaign whose queue is full until the dispatcher takes messages', async () => {
    const c = await launched(await bulkPhones(5000));
    await feed(env);
    const queued = (await recipients(c.id)).filter((r) => r.status === 'queued').length;
    expect(queued).toBeLessThan(5000);
    await acceptDue(T0, 5000);
    await feed(env);
    expect((await recipients(c.id)).filter((r) => r.status === 'queued').length).toBeGreaterThan(queued);
  });
});

describe('the sending window', () => {
  it('a promotional campaign is fed only while the window is open; its queued messages wait unsent', async () => {
    const phones = Array.from({ length: 3 }, () => campaignPhone());
    const campaign = await launched(phones, { traffic_class: 'promotional', validity_seconds: 259_200 });
    const pool = await nativePool(env.orm.em);
    await acceptDue(T0);
    try {
      env.clock.set(new Date('2026-11-22T17:30:00Z')); // 20:30 in Dar es Salaam
      expect(await feed(env)).toBe(0);
      expect((await recipients(campaign.id)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
      env.clock.set(new Date('2026-11-23T05:00:00Z')); // 08:00 the next morning
      await feed(env);
      expect((await recipients(campaign.id)).map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);
      env.clock.set(new Date('2026-11-23T17:01:00Z')); // closed again: the queued messages are not claimed, and held
      const claimed = await claimDue(pool, await env.clock.now(), 10_000, false);
      expect(claimed.filter((m) => m.campaign_id === campaign.id)).toEqual([]);
      await runDueTransitions(await env.ctx());
      const held = await env.sql<{ held_until: string | null }>('select held_until from messages where campaign_id = ?', [campaign.id]);
      expect(held.map((m) => new Date(m.held_until!).toISOString())).toEqual(Array(3).fill('2026-11-24T05:00:00.000Z'));
    } finally {
      env.clock.set(T0);
    }
  });
});

describe('expiry at validity', () => {
  it('whatever is unsent expires and its share is released; in-flight messages finish; then completed', async () => {
    const pool = await nativePool(env.orm.em);
    // Take whatever earlier tests left queued, so that the claims below are this campaign's.
    await acceptDue(T0);
    const campaign = await launched(await bulkPhones(1200), { validity_seconds: 3600 });
    await feedOnce(pool, T0, (await readSettings(await env.ctx())).window);
    await acceptDue(T0, 3);
    try {
      // Two submits start a moment before the end of validity.
      env.clock.set(new Date(T0.getTime() + 3600_000 - 1000));
      const inFlight = await claimDue(pool, await env.clock.now(), 2, true);
      env.clock.set(new Date(T0.getTime() + 3600_000 - 1));
      await runDueTransitions(await env.ctx());
      expect((await recipients(campaign.id)).filter((r) => r.status === 'pending')).toHaveLength(200);
      env.clock.set(new Date(T0.getTime() + 3600_000));
      await runDueTransitions(await env.ctx());
      const rows = await recipients(campaign.id);
      expect(rows.filter((r) => r.status === 'expired')).toHaveLength(200);
      expect(rows.filter((r) => r.message_status === 'expired')).toHaveLength(995);
      expect(rows.filter((r) => r.message_status === 'accepted')).toHaveLength(2);
      expect(await statusOf(campaign.id)).toBe('sending');
      await recordOutcomes(pool, await env.clock.now(), inFlight.map((m) => ({ message: m, smsc: 'test-smsc', outcome: { kind: 'refused', reason: 'refused', commandStatus: 0x45 } })));
      await runDueTransitions(await env.ctx());
      expect(await statusOf(campaign.id)).toBe('completed');
      expect(await campaignMoney(env, campaign.id)).toEqual({ reserved: 2_400_000n, captured: 6000n, released: 2_394_000n });
      await expectSettledExactly(campaign.id);
      const events = await env.sql<{ type: string }>("select type from outbox_events where type like 'campaign.%' and payload->'data'->>'id' = ? order by created_at, id", [campaign.id]);
      expect(events.map((e) => e.type)).toEqual(['campaign.sending', 'campaign.completed']);
    } finally {
      env.clock.set(T0);
    }
  });

  it('a scheduled campaign whose start was missed past its validity completes with every recipient expired', async () => {
    const phones = [campaignPhone(), campaignPhone()];
    const { groupId } = await createAudience(env, org.id, { phones });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q = await quote(owner, draft.id);
    await launch(owner, draft.id, { quote_id: q.id, scheduled_at: '2026-11-22T10:00:00Z', validity_seconds: 3600 });
    try {
      env.clock.set(new Date('2026-11-22T11:00:00Z'));
      await runDueTransitions(await env.ctx());
      expect(await statusOf(draft.id)).toBe('completed');
      expect((await recipients(draft.id)).map((r) => r.status)).toEqual(['expired', 'expired']);
      await expectSettledExactly(draft.id);
    } finally {
      env.clock.set(T0);
    }
  });
});

describe('cancel', () => {
  it('pending shares released at once, queued messages cancelled, in-flight ones not recalled; then cancelled; again a replay', async () => {
    const pool = await nativePool(env.orm.em);
    await acceptDue(T0);
    const campaign = await launched(await bulkPhones(1500));
    await feedOnce(pool, T0, (await readSettings(await env.ctx())).window);
    const inFlight = await claimDue(pool, T0, 10, true);
    const res = await call(owner, 'post', `/v1/campaigns/${campaign.id}/cancel`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.cancel).toEqual({ pending_cancelled: 500, queued_at_cancel: 990, in_flight_at_cancel: 10 });
    expect(res.body.data.campaign.status).toBe('cancelling');
    expect(await campaignMoney(env, campaign.id)).toEqual({ reserved: 3_000_000n, captured: 0n, released: 1490n * SHARE });
    const rows = await recipients(campaign.id);
    expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(500);
    expect(rows.filter((r) => r.message_status === 'cancelled')).toHaveLength(990);
    expect(await feed(env)).toBe(0);

    await runDueTransitions(await env.ctx());
    expect(await statusOf(campaign.id)).toBe('cancelling');
    // A send that began a moment before the cancel is sent and charged.
    await recordOutcomes(pool, T0, inFlight.map((m) => ({ message: m, smsc: 'test-smsc', outcome: { kind: 'accepted', providerIds: [`p-${m.id}`] } })));
    await runDueTransitions(await env.ctx());
    expect(await statusOf(campaign.id)).toBe('cancelled');
    expect(await campaignMoney(env, campaign.id)).toEqual({ reserved: 3_000_000n, captured: 10n * SHARE, released: 1490n * SHARE });
    await expectSettledExactly(campaign.id);

    const again = await call(owner, 'post', `/v1/campaigns/${campaign.id}/cancel`);
    expect(again.status).toBe(200);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.body.data.cancel).toEqual(res.body.data.cancel);
    expect(again.body.data.campaign.status).toBe('cancelled');
    const events = await env.sql<{ type: string }>("select type from outbox_events where type like 'campaign.%' and payload->'data'->>'id' = ? order by created_at, id", [campaign.id]);
    expect(events.map((e) => e.type)).toEqual(['campaign.sending', 'campaign.cancelled']);
  });

  it('a scheduled campaign cancels before anything is fed: every share back', async () => {
    const phones = [campaignPhone(), campaignPhone()];
    const { groupId } = await createAudience(env, org.id, { phones });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q = await quote(owner, draft.id);
    await launch(owner, draft.id, { quote_id: q.id, scheduled_at: '2026-11-23T09:00:00Z' });
    const res = await call(owner, 'post', `/v1/campaigns/${draft.id}/cancel`);
    expect(res.body.data.cancel).toEqual({ pending_cancelled: 2, queued_at_cancel: 0, in_flight_at_cancel: 0 });
    await runDueTransitions(await env.ctx());
    expect(await statusOf(draft.id)).toBe('cancelled');
    await expectSettledExactly(draft.id);
  });

  it('draft, discarded and completed campaigns are 409 campaign_not_cancellable; keys and members without launch are refused', async () => {
    const draft = await createDraft(owner, {});
    expect((await call(owner, 'post', `/v1/campaigns/${draft.id}/cancel`)).body.error.code).toBe('campaign_not_cancellable');
    await call(owner, 'post', `/v1/campaigns/${draft.id}/discard`);
    expect((await call(owner, 'post', `/v1/campaigns/${draft.id}/cancel`)).body.error.code).toBe('campaign_not_cancellable');
    const phones = [campaignPhone()];
    const c = await launched(phones);
    await feed(env);
    await acceptDue(T0);
    await runDueTransitions(await env.ctx());
    expect(await statusOf(c.id)).toBe('completed');
    const completed = await call(owner, 'post', `/v1/campaigns/${c.id}/cancel`);
    expect(completed.status).toBe(409);
    expect(completed.body.error.code).toBe('campaign_not_cancellable');
    const key = await call({ app: env.app, bearer: org.keys.live!.secret }, 'post', `/v1/campaigns/${c.id}/cancel`);
    expect(key.status).toBe(403);
    expect(key.body.error.code).toBe('insufficient_scope');
    expect((await call(owner, 'post', '/v1/campaigns/01a2037b-dada-7699-85e1-435fe8be8962/cancel')).status).toBe(404);
  });
});

describe('the reservation after any mix of outcomes', () => {
  // Campaigns of earlier tests still sending would be fed first (oldest start first): cancel them.
  beforeAll(async () => {
    const open = await env.sql<{ id: string }>("select id from campaigns where organization_id = ? and status in ('scheduled', 'sending')", [org.id]);
    for (const c of open) expect((await call(owner, 'post', `/v1/campaigns/${c.id}/cancel`)).status).toBe(200);
  });

  /** A small deterministic generator, so that a failure names the seed that produced it. */
  function random(seed: number) {
    let x = seed;
    return () => {
      x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
      return x / 2_147_483_648;
    };
  }

  it.each([1, 2, 3, 4, 5, 6])('seed %i: delivered, failed, skipped, expired and cancelled recipients settle it exactly', async (seed) => {
    const next = random(seed);
    const pool = await nativePool(env.orm.em);
    await acceptDue(T0);
    const size = 20 + Math.floor(next() * 40);
    const promotional = next() < 0.5;
    const phones = Array.from({ length: size }, () => campaignPhone());
    const campaign = await launched(phones, { traffic_class: promotional ? 'promotional' : 'transactional', validity_seconds: 3600 });
    for (const p of phones) {
      const r = next();
      if (r < 0.1) await optOut(env, org.id, p);
      else if (promotional && r < 0.2) await recordConsent(env, org.id, p, 'consent_cleared');
    }
    const ending = next() < 0.5 ? 'cancel' : 'expire';
    try {
      // A few rounds of feeding and answers, each claim answered by acceptance or refusal.
      for (let round = 0; round < 3; round++) {
        await feedOnce(pool, T0, (await readSettings(await env.ctx())).window, 1 + Math.floor(next() * 15));
        const claimed = await claimDue(pool, T0, Math.floor(next() * 10), true);
        await recordOutcomes(
          pool,
          T0,
          claimed.map((m) => ({ message: m, smsc: 'test-smsc', outcome: next() < 0.7 ? { kind: 'accepted' as const, providerIds: [`p-${m.id}`] } : { kind: 'refused' as const, reason: 'refused', commandStatus: 0x45 } })),
        );
      }
      if (ending === 'cancel') {
        const res = await call(owner, 'post', `/v1/campaigns/${campaign.id}/cancel`);
        expect(res.status).toBe(200);
      } else {
        env.clock.set(new Date(T0.getTime() + 3600_000));
      }
      await runDueTransitions(await env.ctx());
      expect(await statusOf(campaign.id)).toBe(ending === 'cancel' ? 'cancelled' : 'completed');
      const rows = await recipients(campaign.id);
      // The mix: some recipients were fed before the end.
      expect(rows.filter((r) => r.status !== 'pending' && r.status !== 'cancelled' && r.status !== 'expired').length).toBeGreaterThan(0);
      const money = await campaignMoney(env, campaign.id);
      const captured = rows.filter((r) => r.charge === 'captured').length;
      const released = rows.filter((r) => r.released || r.charge === 'released').length;
      expect(captured + released).toBe(size);
      expect(money).toEqual({ reserved: BigInt(size) * (promotional ? 2500n : SHARE), captured: BigInt(captured) * (promotional ? 2500n : SHARE), released: BigInt(released) * (promotional ? 2500n : SHARE) });
      expect(money.captured + money.released).toBe(money.reserved);
      await expectWalletInvariant(env, org.id);
    } finally {
      env.clock.set(T0);
    }
  });
});
