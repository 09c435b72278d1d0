// Launch over HTTP on the real database: one reservation for the quote total, now or scheduled, validity, and every
// refusal leaving the draft and the wallet as they were; members only, once per campaign whatever the key.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, launch, newKey, quote } from '../support/campaigns.ts';
import { setSendingWindow, setSmsRoute } from '../../core/app/platform/settings.ts';
import { runDueTransitions } from '../../core/app/tick.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let owner: Session;
const T0 = new Date('2026-11-22T09:00:00Z');

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders: [
      { name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true },
      { name: 'PENDING', classes: ['transactional', 'promotional'], routeApproved: false },
    ],
    members: { owner: 'owner', marketer: 'marketer', analyst: 'analyst' },
  });
  owner = await signInAs(env, org.members.owner!);
});

const wallet = async (organizationId = org.id) =>
  (await env.sql<{ available: string; held: string }>('select available, held from wallets where organization_id = ?', [organizationId]))[0]!;

async function quotedDraft(session: Session = owner, organizationId = org.id, draft: Record<string, unknown> = {}, size = 3) {
  const phones = Array.from({ length: size }, () => campaignPhone());
  const { groupId } = await createAudience(env, organizationId, { phones, consented: phones });
  const created = await createDraft(session, { group_ids: [groupId], ...draft });
  const q = await quote(session, created.id);
  return { draft: created, quote: q };
}

describe('launch', () => {
  it('now: sending, the whole total held in one reservation (one hold entry), validity 24 hours by default', async () => {
    const before = await wallet();
    const { draft, quote: q } = await quotedDraft();
    const campaign = await launch(owner, draft.id, { quote_id: q.id });
    expect(campaign).toMatchObject({ status: 'sending', validity_seconds: 86_400, scheduled_at: null });
    expect(campaign.launch).toMatchObject({
      quote_id: q.id,
      amount_held: 6000,
      recipients: 3,
      launched_at: T0.toISOString(),
      started_at: T0.toISOString(),
      expires_at: '2026-11-23T09:00:00.000Z',
    });
    const after = await wallet();
    expect(BigInt(after.held) - BigInt(before.held)).toBe(6000n);
    expect(BigInt(before.available) - BigInt(after.available)).toBe(6000n);
    const entries = await env.sql<{ kind: string; amount: string }>('select kind, amount from ledger_entries where campaign_id = ?', [draft.id]);
    expect(entries).toEqual([{ kind: 'hold', amount: '6000' }]);
    const events = await env.sql<{ type: string }>("select type from outbox_events where payload->'data'->>'id' = ?", [draft.id]);
    expect(events.map((e) => e.type)).toEqual(['campaign.sending']);
  });

  it("scheduled: scheduled until its start, then sending (by the clock and the tick); validity from the launch or the draft", async () => {
    const { draft, quote: q } = await quotedDraft(owner, org.id, { validity_seconds: 7200 });
    const campaign = await launch(owner, draft.id, { quote_id: q.id, scheduled_at: '2026-11-22T15:00:00+03:00' });
    expect(campaign).toMatchObject({ status: 'scheduled', scheduled_at: '2026-11-22T12:00:00.000Z', validity_seconds: 7200 });
    expect(campaign.launch).toMatchObject({ starts_at: '2026-11-22T12:00:00.000Z', started_at: null, expires_at: '2026-11-22T14:00:00.000Z' });
    const events = async () => (await env.sql<{ type: string }>("select type from outbox_events where payload->'data'->>'id' = ? order by created_at, id", [draft.id])).map((e) => e.type);
    expect(await events()).toEqual(['campaign.scheduled']);
    try {
      env.clock.set(new Date('2026-11-22T11:59:59Z'));
      await runDueTransitions(await env.ctx());
      expect((await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign.status).toBe('scheduled');
      env.clock.set(new Date('2026-11-22T12:00:00Z'));
      await runDueTransitions(await env.ctx());
      const started = (await owner.agent.get(`/v1/campaigns/${draft.id}`)).body.data.campaign;
      expect(started).toMatchObject({ status: 'sending' });
      expect(started.launch.started_at).toBe('2026-11-22T12:00:00.000Z');
      expect(await events()).toEqual(['campaign.scheduled', 'campaign.sending']);
    } finally {
      env.clock.set(T0);
    }
    const other = await quotedDraft(owner, org.id, { validity_seconds: 7200 });
    const explicit = await launch(owner, other.draft.id, { quote_id: other.quote.id, validity_seconds: 3600 });
    expect(explicit.validity_seconds).toBe(3600);
  });

  it('the same key and request replays with 200; another key launches nothing more (409 campaign_not_draft); another body under the key is 409 idempotency_conflict', async () => {
    const { draft, quote: q } = await quotedDraft();
    const key = newKey();
    const first = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, key);
    expect(first.status).toBe(200);
    const held = await wallet();
    const replay = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['x-idempotent-replay']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const conflict = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id, validity_seconds: 3600 }, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
    const again = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('campaign_not_draft');
    expect(await wallet()).toEqual(held);
    expect(await env.sql('select kind from ledger_entries where campaign_id = ?', [draft.id])).toHaveLength(1);
  });

  it('two launches at once with different keys: exactly one reservation', async () => {
    const { draft, quote: q } = await quotedDraft();
    const results = await Promise.all([0, 1, 2].map(() => call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey())));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await env.sql('select kind from ledger_entries where campaign_id = ?', [draft.id])).toHaveLength(1);
  });

  it('members only: API keys 403 insufficient_scope, a member without launch 403 forbidden, X-CSRF-Token required', async () => {
    const { draft, quote: q } = await quotedDraft();
    const key = await call({ app: env.app, bearer: org.keys.live!.secret }, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
    expect(key.status).toBe(403);
    expect(key.body.error.code).toBe('insufficient_scope');
    const analyst = await call(await signInAs(env, org.members.analyst!), 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
    expect(analyst.status).toBe(403);
    expect(analyst.body.error.code).toBe('forbidden');
    const noCsrf = await owner.agent.post(`/v1/campaigns/${draft.id}/launch`).set('X-Idempotency-Key', newKey()).send({ quote_id: q.id });
    expect(noCsrf.status).toBe(403);
    const marketer = await call(await signInAs(env, org.members.marketer!), 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey());
    expect(marketer.status).toBe(200);
  });
});

describe('refusals leave the draft and the wallet as they were', () => {
  async function expectRefused(draftId: string, body: object, status: number, code: string, field?: string, session = owner, organizationId = org.id) {
    const before = { wallet: await wallet(organizationId), draft: (await session.agent.get(`/v1/campaigns/${draftId}`)).body.data.campaign };
    const res = await call(session, 'post', `/v1/campaigns/${draftId}/launch`, body, newKey());
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (field) expect(res.body.error.field).toBe(field);
    expect(await wallet(organizationId)).toEqual(before.wallet);
    expect((await session.agent.get(`/v1/campaigns/${draftId}`)).body.data.campaign).toEqual(before.draft);
    expect(await env.sql('select 1 from ledger_entries where campaign_id = ?', [draftId])).toEqual([]);
  }

  it('insufficient_funds', async () => {
    const poor = await createOrg(env, { credit: 5000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
    const session = await signInAs(env, poor.members.owner!);
    const { draft, quote: q } = await quotedDraft(session, poor.id);
    await expectRefused(draft.id, { quote_id: q.id }, 422, 'insufficient_funds', undefined, session, poor.id);
  });

  it('wallet_frozen', async () => {
    const { draft, quote: q } = await quotedDraft();
    await env.sql('update wallets set frozen = true where organization_id = ?', [org.id]);
    try {
      await expectRefused(draft.id, { quote_id: q.id }, 403, 'wallet_frozen');
    } finally {
      await env.sql('update wallets set frozen = false where organization_id = ?', [org.id]);
    }
  });

  it('organization_not_verified', async () => {
    const { draft, quote: q } = await quotedDraft();
    await env.sql('update organizations set verified = false where id = ?', [org.id]);
    try {
      await expectRefused(draft.id, { quote_id: q.id }, 403, 'organization_not_verified');
    } finally {
      await env.sql('update organizations set verified = true where id = ?', [org.id]);
    }
  });

  it('sender_not_authorized when the approval for the class was withdrawn since the quote', async () => {
    const { draft, quote: q } = await quotedDraft(owner, org.id, { traffic_class: 'promotional' });
    await env.sql("update sender_ids set promotional_approved = false where organization_id = ? and name = 'UJUMBE'", [org.id]);
    try {
      await expectRefused(draft.id, { quote_id: q.id }, 403, 'sender_not_authorized', 'sender_id');
    } finally {
      await env.sql("update sender_ids set promotional_approved = true where organization_id = ? and name = 'UJUMBE'", [org.id]);
    }
  });

  it('sender_not_ready (field sender_id) while the route has not approved the sender', async () => {
    const { draft, quote: q } = await quotedDraft(owner, org.id, { sender_id: 'PENDING' });
    await expectRefused(draft.id, { quote_id: q.id }, 422, 'sender_not_ready', 'sender_id');
  });

  it.each([
    ['2026-11-22T08:59:59Z', 'in the past'],
    ['2026-12-22T09:00:01Z', 'over 30 days ahead'],
  ])('schedule_out_of_range: %s (%s)', async (at) => {
    const { draft, quote: q } = await quotedDraft();
    await expectRefused(draft.id, { quote_id: q.id, scheduled_at: at }, 422, 'schedule_out_of_range', 'scheduled_at');
  });

  it('outside_sending_window: a promotional campaign starting outside the window (now or scheduled); transactional may', async () => {
    const { draft, quote: q } = await quotedDraft(owner, org.id, { traffic_class: 'promotional' });
    await expectRefused(draft.id, { quote_id: q.id, scheduled_at: '2026-11-22T21:30:00+03:00' }, 422, 'outside_sending_window', 'scheduled_at');
    await setSendingWindow(await env.ctx(), '13:00', '20:00');
    try {
      await expectRefused(draft.id, { quote_id: q.id }, 422, 'outside_sending_window');
      const tx = await quotedDraft();
      await launch(owner, tx.draft.id, { quote_id: tx.quote.id });
      await launch(owner, draft.id, { quote_id: q.id, scheduled_at: '2026-11-22T13:00:00+03:00' });
    } finally {
      await setSendingWindow(await env.ctx(), '08:00', '20:00');
    }
  });

  it('encoding_not_supported when the route no longer carries the body', async () => {
    const { draft, quote: q } = await quotedDraft(owner, org.id, { body: 'Karibu café' });
    await setSmsRoute(await env.ctx(), 'ascii');
    try {
      await expectRefused(draft.id, { quote_id: q.id }, 422, 'encoding_not_supported', 'body');
    } finally {
      await setSmsRoute(await env.ctx(), 'gsm0338');
    }
  });

  it('quote_stale: an edited draft, a newer quote', async () => {
    const edited = await quotedDraft();
    await call(owner, 'patch', `/v1/campaigns/${edited.draft.id}`, { name: 'Edited' });
    await expectRefused(edited.draft.id, { quote_id: edited.quote.id }, 409, 'quote_stale', 'quote_id');
    const requoted = await quotedDraft();
    await quote(owner, requoted.draft.id);
    await expectRefused(requoted.draft.id, { quote_id: requoted.quote.id }, 409, 'quote_stale', 'quote_id');
  });

  it('quote_expired after 15 minutes', async () => {
    const { draft, quote: q } = await quotedDraft();
    env.clock.advance(15 * 60_000);
    try {
      await expectRefused(draft.id, { quote_id: q.id }, 409, 'quote_expired', 'quote_id');
    } finally {
      env.clock.set(T0);
    }
  });

  it("a quote of another campaign is 422 (field quote_id); validity out of range is 422", async () => {
    const a = await quotedDraft();
    const b = await quotedDraft();
    await expectRefused(a.draft.id, { quote_id: b.quote.id }, 422, 'validation_failed', 'quote_id');
    await expectRefused(a.draft.id, { quote_id: a.quote.id, validity_seconds: 3599 }, 422, 'validation_failed', 'validity_seconds');
    await expectRefused(a.draft.id, {}, 422, 'validation_failed', 'quote_id');
  });

  // Last: the route change stays in the platform's history, so the clock never goes back before it.
  it('quote_stale after a change of SMS route, even one changed back', async () => {
    const routed = await quotedDraft();
    env.clock.advance(1000);
    await setSmsRoute(await env.ctx(), 'ascii');
    await setSmsRoute(await env.ctx(), 'gsm0338');
    await expectRefused(routed.draft.id, { quote_id: routed.quote.id }, 409, 'quote_stale', 'quote_id');
  });
});
