// Campaigns that guide, on the real database with the injected clock: the sending window told before a launch is
// refused (and a launch at its next opening accepted), a cancelled campaign's counters agreeing with its report,
// and a campaign copied as a new draft. The dispatcher's claim and answer writers stand for the provider side.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, launch, newKey, quote } from '../support/campaigns.ts';
import { expectWalletInvariant } from '../support/money.ts';
import { nativePool } from '../../core/db/sql.ts';
import { claimDue } from '../../core/app/messages/claim-due.ts';
import { recordOutcomes } from '../../core/app/messages/record-outcomes.ts';
import { feedOnce } from '../../core/app/campaigns/feed.ts';
import { runDueTransitions } from '../../core/app/tick.ts';
import { readSettings } from '../../core/app/platform/settings.ts';
import { campaignProgress } from '../../core/app/campaigns/recipients.ts';
import { renderMigration } from '../../migrations/checksums.ts';
import { Migration0029CampaignFigures } from '../../migrations/0029-campaign-figures.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
const T0 = new Date('2026-11-22T09:00:00Z');
/** 22:22 in Dar es Salaam: the default window (08:00 to 20:00) is shut. */
const LATE_EVENING = new Date('2026-11-22T19:22:00Z');
const NEXT_OPENING = '2026-11-23T05:00:00.000Z';

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 100_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  owner = await signInAs(env, org.members.owner!);
});

const detail = async (id: string) => (await call(owner, 'get', `/v1/campaigns/${id}`)).body.data.campaign;

/** A draft over fresh consented numbers, quoted. */
async function quotedDraft(n: number, draft: Record<string, unknown> = {}) {
  const phones = Array.from({ length: n }, () => campaignPhone());
  const { groupId } = await createAudience(env, org.id, { phones, consented: phones });
  const created = await createDraft(owner, { group_ids: [groupId], ...draft });
  return { draft: created, quote: await quote(owner, created.id), groupId };
}

describe('the sending window, told before the launch', () => {
  it('at 22:22 EAT a promotional draft says a launch now is refused and when the window opens; a launch at that opening succeeds', async () => {
    env.clock.set(LATE_EVENING);
    try {
      const { draft, quote: q } = await quotedDraft(2, { traffic_class: 'promotional' });
      expect((await detail(draft.id)).launch_window).toEqual({
        applies: true,
        open_now: false,
        launch_now_refused: true,
        scheduled_at_refused: false,
        next_opening: NEXT_OPENING,
        next_opening_date: '2026-11-23',
        next_opening_local: '08:00 EAT',
      });
      const now = await call(owner, 'post', `/v1/campaigns/${draft.id}/launch`, { quote_id: q.id }, newKey('launch'));
      expect(now.status).toBe(422);
      expect(now.body.error.code).toBe('outside_sending_window');
      const scheduled = await launch(owner, draft.id, { quote_id: q.id, scheduled_at: NEXT_OPENING });
      expect(scheduled).toMatchObject({ status: 'scheduled', launch_window: null, launch: { starts_at: NEXT_OPENING } });
    } finally {
      env.clock.set(T0);
    }
  });

  it('a schedule outside the window is flagged; a transactional draft is never refused by the window', async () => {
    env.clock.set(LATE_EVENING);
    try {
      const { draft: late } = await quotedDraft(1, { traffic_class: 'promotional', scheduled_at: '2026-11-23T18:30:00Z' });
      expect((await detail(late.id)).launch_window).toMatchObject({ launch_now_refused: true, scheduled_at_refused: true });
      const { draft: transactional, quote: q } = await quotedDraft(1);
      expect((await detail(transactional.id)).launch_window).toMatchObject({ applies: false, open_now: false, launch_now_refused: false, scheduled_at_refused: false });
      expect(await launch(owner, transactional.id, { quote_id: q.id })).toMatchObject({ status: 'sending' });
    } finally {
      env.clock.set(T0);
    }
  });

  it('with the window open, launching now is not refused', async () => {
    const { draft } = await quotedDraft(1, { traffic_class: 'promotional' });
    expect((await detail(draft.id)).launch_window).toMatchObject({ open_now: true, launch_now_refused: false, next_opening_local: '08:00 EAT', next_opening: NEXT_OPENING });
  });
});

describe('a cancelled campaign', () => {
  it('counts as fed and handed to sending only what its feeding reached, agreeing with its cancel report and its recipients', async () => {
    const pool = await nativePool(env.orm.em);
    const { draft, quote: q } = await quotedDraft(6);
    await launch(owner, draft.id, { quote_id: q.id });
    // Three of six fed; one answered, one in flight at the cancel, one still queued.
    expect(await feedOnce(pool, T0, (await readSettings(await env.ctx())).window, 3, { organizationId: org.id, id: draft.id })).toBe(3);
    const [answered, inFlight] = await claimDue(pool, T0, 2, true);
    await recordOutcomes(pool, T0, [{ message: answered!, smsc: 'test-smsc', outcome: { kind: 'accepted', providerIds: ['p-guidance-1'] } }]);
    const cancel = await call(owner, 'post', `/v1/campaigns/${draft.id}/cancel`);
    expect(cancel.body.data.cancel).toEqual({ pending_cancelled: 3, queued_at_cancel: 1, in_flight_at_cancel: 1 });
    await recordOutcomes(pool, T0, [{ message: inFlight!, smsc: 'test-smsc', outcome: { kind: 'accepted', providerIds: ['p-guidance-2'] } }]);
    await runDueTransitions(await env.ctx());

    const c = await detail(draft.id);
    expect(c.status).toBe('cancelled');
    const report = c.launch.cancel_report;
    const { counts } = await campaignProgress(await env.ctx(), { kind: 'key', organizationId: org.id, keyId: org.keys.live!.id, mode: 'live', scopes: [] }, draft.id);
    expect(c.launch).toMatchObject({ recipients: 6, fed: 3, handed_to_sending: 3 });
    expect(c.launch.fed + report.pending_cancelled).toBe(c.launch.recipients);
    const messageCounts = counts.accepted + counts.submitted + counts.delivered + counts.undelivered + counts.failed + counts.unknown + counts.expired;
    expect(c.launch.handed_to_sending).toBe(messageCounts + counts.cancelled - report.pending_cancelled);
    expect(c.launch.money).toEqual({ reserved: 12_000, captured: 4000, released: 8000, held: 0, currency: 'TZS' });
    await expectWalletInvariant(env, org.id);

    // Campaigns launched before migration 0029 get their counts from their recipients' statuses.
    await env.sql('update campaigns set recipients_fed = 0, messages_made = 0 where id = ?', [draft.id]);
    const { statements } = await renderMigration('0029-campaign-figures', Migration0029CampaignFigures);
    await env.sql(statements.find((st) => st.sql.startsWith('update campaigns c set'))!.sql);
    expect((await detail(draft.id)).launch).toMatchObject({ fed: 3, handed_to_sending: 3 });
  });
});

describe('copy as new draft', () => {
  it('any status: same text, class, sender and groups, named "(copy)"; groups deleted since left out and said so; audited; once per key', async () => {
    const { draft, quote: q } = await quotedDraft(2, { name: 'Mavuno ya Desemba', traffic_class: 'promotional', body: 'Ofa ya Desemba: mbegu bora!' });
    const second = await createAudience(env, org.id, { phones: [campaignPhone()] });
    await call(owner, 'patch', `/v1/campaigns/${draft.id}`, { group_ids: [...draft.group_ids, second.groupId] });
    const requoted = await quote(owner, draft.id);
    expect(requoted.id).not.toBe(q.id);
    await launch(owner, draft.id, { quote_id: requoted.id });
    await call(owner, 'post', `/v1/campaigns/${draft.id}/cancel`);
    expect((await owner.agent.delete(`/v1/groups/${second.groupId}`).set('X-CSRF-Token', owner.csrf)).status).toBe(200);

    const key = newKey('copy');
    const res = await call(owner, 'post', `/v1/campaigns/${draft.id}/copy`, {}, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body.data.campaign;
    expect(res.body.data).toMatchObject({ copied_from: draft.id, left_out_group_ids: [second.groupId] });
    expect(copy).toMatchObject({
      name: 'Mavuno ya Desemba (copy)', traffic_class: 'promotional', sender_id: 'UJUMBE', body: 'Ofa ya Desemba: mbegu bora!',
      group_ids: draft.group_ids, status: 'draft', version: 1, quote: null, launch: null, scheduled_at: null,
    });
    expect(copy.id).not.toBe(draft.id);
    const [audit] = await env.sql<{ details: Record<string, unknown> }>("select details from audit_events where action = 'campaign.copied' and target_id = ?", [copy.id]);
    expect(audit?.details).toMatchObject({ copied_from: draft.id, left_out_group_ids: [second.groupId] });

    const replay = await call(owner, 'post', `/v1/campaigns/${draft.id}/copy`, {}, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.campaign.id).toBe(copy.id);
    expect((await call(owner, 'post', `/v1/campaigns/${draft.id}/copy`, {})).status).toBe(400);
    const drafts = await env.sql<{ n: number }>("select count(*)::int as n from campaigns where organization_id = ? and name = 'Mavuno ya Desemba (copy)'", [org.id]);
    expect(drafts[0]!.n).toBe(1);
  });

  it('a draft too; test keys are refused, an unknown id is 404, and nothing is left behind', async () => {
    const { draft } = await quotedDraft(1, { name: 'x'.repeat(100) });
    const res = await call(owner, 'post', `/v1/campaigns/${draft.id}/copy`, {}, newKey('copy'));
    expect(res.status).toBe(201);
    expect(res.body.data.campaign.name).toBe(`${'x'.repeat(93)} (copy)`);
    const before = (await env.sql<{ n: number }>('select count(*)::int as n from campaigns where organization_id = ?', [org.id]))[0]!.n;
    const test = await call({ app: env.app, bearer: org.keys.test!.secret }, 'post', `/v1/campaigns/${draft.id}/copy`, {}, newKey('copy'));
    expect(test.body.error.code).toBe('test_mode_not_allowed');
    const unknown = await call(owner, 'post', '/v1/campaigns/01a2037b-dada-7699-85e1-435fe8be8962/copy', {}, newKey('copy'));
    expect(unknown.status).toBe(404);
    expect((await env.sql<{ n: number }>('select count(*)::int as n from campaigns where organization_id = ?', [org.id]))[0]!.n).toBe(before);
  });
});
