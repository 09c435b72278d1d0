// The dashboard's campaigns over tRPC on the real database: draft, quote and launch each once per idempotency key,
// the same answers as REST, recipients and the export link downloaded over REST with the same session, cancel of a
// scheduled campaign with its report, discard twice, and every refusal with its code and field.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { campaignPhone, createAudience } from '../support/campaigns.ts';
import { walletOf } from '../support/money.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let marketer: TrpcClient;
let analyst: TrpcClient;
let developer: TrpcClient;

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }],
    members: { marketer: 'marketer', analyst: 'analyst', developer: 'developer' },
    keys: {},
  });
  const clients = await Promise.all([signedIn(app, org.members.marketer!), signedIn(app, org.members.analyst!), signedIn(app, org.members.developer!)]);
  [marketer, analyst, developer] = clients as [TrpcClient, TrpcClient, TrpcClient];
});

const count = async (sql: string, params: unknown[]) => (await env.sql<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

async function draftOver(phones: string[], over: Record<string, unknown> = {}) {
  const { groupId } = await createAudience(env, org.id, { phones, consented: phones });
  const input = { name: `Mavuno ${randomUUID().slice(0, 8)}`, sender_id: 'UJUMBE', body: 'Habari! Bei mpya za mbolea zimefika.', group_ids: [groupId], idempotencyKey: randomUUID(), ...over };
  return { input, campaign: ok(await marketer.mutate('campaigns.create', input)).campaign };
}

async function launched(phones: string[], launch: Record<string, unknown> = {}) {
  const { campaign } = await draftOver(phones);
  const { quote } = ok(await marketer.mutate('campaigns.quote', { id: campaign.id, idempotencyKey: randomUUID() }));
  return ok(await marketer.mutate('campaigns.launch', { id: campaign.id, quote_id: quote.id, idempotencyKey: randomUUID(), ...launch })).campaign;
}

describe('draft, quote, launch', () => {
  it('each once per key, answering what REST answers; the launch holds the quote total', async () => {
    const phones = [campaignPhone(), campaignPhone(), campaignPhone()];
    const { input, campaign } = await draftOver(phones);
    expect(campaign).toMatchObject({ status: 'draft', version: 1, created_via: 'dashboard', quote: null, launch: null });
    expect(ok(await marketer.mutate('campaigns.create', input))).toEqual({ campaign, replay: true });
    expect(await count('campaigns where name = ?', [input.name])).toBe(1);
    refused(await marketer.mutate('campaigns.create', { ...input, name: 'Another name' }), 409, 'idempotency_conflict');

    const edited = ok(await marketer.mutate('campaigns.edit', { id: campaign.id, name: `${input.name} v2`, version: 1 })).campaign;
    expect(edited).toMatchObject({ version: 2, name: `${input.name} v2` });
    expect(ok(await analyst.query('campaigns.get', { id: campaign.id }))).toEqual((await analyst.agent.get(`/v1/campaigns/${campaign.id}`)).body.data);

    const quoteInput = { id: campaign.id, version: 2, idempotencyKey: randomUUID() };
    const quoted = ok(await marketer.mutate('campaigns.quote', quoteInput));
    expect(quoted.quote).toMatchObject({ status: 'current', audience: { eligible: 3 }, unit_amount: 2000, total: 6000, campaign_version: 2 });
    expect(quoted.replay).toBe(false);
    expect(ok(await marketer.mutate('campaigns.quote', quoteInput))).toMatchObject({ quote: { id: quoted.quote.id }, replay: true });
    expect(await count('campaign_quotes where campaign_id = ?', [campaign.id])).toBe(1);

    const before = await walletOf(env, org.id);
    const launchInput = { id: campaign.id, quote_id: quoted.quote.id, idempotencyKey: randomUUID() };
    const started = ok(await marketer.mutate('campaigns.launch', launchInput));
    expect(started).toMatchObject({ campaign: { status: 'sending', launch: { amount_held: 6000, recipients: 3 } }, replay: false });
    expect(ok(await marketer.mutate('campaigns.launch', launchInput))).toEqual({ ...started, replay: true });
    const after = await walletOf(env, org.id);
    expect({ available: before.available - after.available, held: after.held - before.held }).toEqual({ available: 6000n, held: 6000n });
    expect(await count("ledger_entries where campaign_id = ? and kind = 'hold'", [campaign.id])).toBe(1);

    const listed = ok(await analyst.query('campaigns.list', { limit: 10 }));
    expect(listed).toEqual((await analyst.agent.get('/v1/campaigns?limit=10')).body.data);
    expect(listed.campaigns[0]).toMatchObject({ id: campaign.id, status: 'sending' });
  });

  it("refusals carry REST's code and field and leave nothing behind", async () => {
    const campaigns = await count('campaigns where organization_id = ?', [org.id]);
    const base = { name: 'Refused', sender_id: 'UJUMBE', body: 'Habari', idempotencyKey: randomUUID() };
    refused(await marketer.mutate('campaigns.create', { ...base, name: '' }), 400, 'validation_failed', 'name');
    refused(await marketer.mutate('campaigns.create', { ...base, sender_id: 'NOBODY' }), 422, 'validation_failed', 'sender_id');
    refused(await marketer.mutate('campaigns.create', { ...base, idempotencyKey: undefined }), 400, 'validation_failed', 'idempotencyKey');
    refused(await analyst.mutate('campaigns.create', base), 403, 'forbidden');
    const noToken = await marketer.agent.post('/trpc/campaigns.create').send(base);
    expect(noToken.body.error.data.ujumbe).toMatchObject({ code: 'forbidden', field: 'X-CSRF-Token' });
    expect(await count('campaigns where organization_id = ?', [org.id])).toBe(campaigns);

    const { campaign } = await draftOver([campaignPhone()]);
    refused(await marketer.mutate('campaigns.edit', { id: campaign.id, version: 1 }), 400, 'validation_failed');
    refused(await marketer.mutate('campaigns.edit', { id: campaign.id, colour: 'red' }), 400, 'validation_failed', 'colour');
    refused(await marketer.mutate('campaigns.edit', { id: campaign.id, name: 'Late', version: 7 }), 409, 'campaign_changed', 'version');
    refused(await marketer.mutate('campaigns.quote', { id: campaign.id }), 400, 'validation_failed', 'idempotencyKey');
    refused(await marketer.mutate('campaigns.launch', { id: campaign.id, quote_id: randomUUID(), idempotencyKey: randomUUID() }), 422, 'validation_failed', 'quote_id');
    refused(await analyst.mutate('campaigns.quote', { id: campaign.id, idempotencyKey: randomUUID() }), 403, 'forbidden');
    refused(await analyst.mutate('campaigns.edit', { id: campaign.id, name: 'Analysed' }), 403, 'forbidden');
    refused(await analyst.mutate('campaigns.launch', { id: campaign.id, quote_id: randomUUID(), idempotencyKey: randomUUID() }), 403, 'forbidden');
    for (const path of ['campaigns.get', 'campaigns.recipients']) refused(await developer.query(path, { id: campaign.id }), 403, 'forbidden');
    refused(await developer.query('campaigns.list', {}), 403, 'forbidden');
    expect(ok(await marketer.query('campaigns.get', { id: campaign.id })).campaign).toMatchObject({ version: 1, quote: null, status: 'draft' });
    refused(await marketer.query('campaigns.get', { id: randomUUID() }), 404, 'not_found');
  });
});

describe('recipients and the export link', () => {
  it('recipients answer what REST answers; the link is checked first and downloads over REST with the same session', async () => {
    const phones = [campaignPhone(), campaignPhone()];
    const campaign = await launched(phones);
    const recipients = ok(await marketer.query('campaigns.recipients', { id: campaign.id, status: 'pending', limit: 1 }));
    expect(recipients).toEqual((await marketer.agent.get(`/v1/campaigns/${campaign.id}/messages?status=pending&limit=1`)).body.data);
    expect(recipients).toMatchObject({ recipients: [{ n: 1, to: phones[0], status: 'pending', amount: 2000 }], next_after: 1, numbers_masked: false });
    const found = ok(await marketer.query('campaigns.recipients', { id: campaign.id, search: `0${phones[1]!.slice(4)}` }));
    expect(found.recipients.map((r: { n: number }) => r.n)).toEqual([2]);
    const masked = ok(await analyst.query('campaigns.recipients', { id: campaign.id }));
    expect(masked.numbers_masked).toBe(true);
    expect(masked.recipients[0].to).not.toBe(phones[0]);
    refused(await analyst.query('campaigns.recipients', { id: campaign.id, search: '0754' }), 403, 'forbidden', 'search');

    const link = ok(await analyst.query('campaigns.exportLink', { id: campaign.id }));
    expect(link).toEqual({ url: `/v1/campaigns/${campaign.id}/messages.csv` });
    const file = await analyst.agent.get(link.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.text.trim().split('\n')).toHaveLength(3);
    const pending = ok(await analyst.query('campaigns.exportLink', { id: campaign.id, status: 'pending' }));
    expect(pending.url).toBe(`/v1/campaigns/${campaign.id}/messages.csv?status=pending`);
    expect((await analyst.agent.get(pending.url)).status).toBe(200);

    const { campaign: draft } = await draftOver([campaignPhone()]);
    refused(await analyst.query('campaigns.exportLink', { id: draft.id }), 409, 'campaign_not_launched');
    refused(await analyst.query('campaigns.recipients', { id: draft.id }), 409, 'campaign_not_launched');
    refused(await analyst.query('campaigns.exportLink', { id: campaign.id, search: '0754' }), 400, 'validation_failed', 'search');
    refused(await developer.query('campaigns.exportLink', { id: campaign.id }), 403, 'forbidden');
  });
});

describe('cancel and discard', () => {
  it('cancel of a scheduled campaign answers its report and gives every share back; again it is a replay', async () => {
    const before = await walletOf(env, org.id);
    const campaign = await launched([campaignPhone(), campaignPhone()], { scheduled_at: '2026-11-23T09:00:00Z' });
    expect(campaign.status).toBe('scheduled');
    refused(await analyst.mutate('campaigns.cancel', { id: campaign.id }), 403, 'forbidden');
    const cancelled = ok(await marketer.mutate('campaigns.cancel', { id: campaign.id }));
    expect(cancelled).toMatchObject({ cancel: { pending_cancelled: 2, queued_at_cancel: 0, in_flight_at_cancel: 0 }, replay: false, campaign: { id: campaign.id } });
    expect(await walletOf(env, org.id)).toEqual(before);
    const again = ok(await marketer.mutate('campaigns.cancel', { id: campaign.id }));
    expect(again).toMatchObject({ cancel: cancelled.cancel, replay: true });
    const { campaign: draft } = await draftOver([campaignPhone()]);
    refused(await marketer.mutate('campaigns.cancel', { id: draft.id }), 409, 'campaign_not_cancellable');
  });

  it('discard twice: the second answers the discarded draft as a replay', async () => {
    const { campaign } = await draftOver([campaignPhone()]);
    refused(await analyst.mutate('campaigns.discard', { id: campaign.id }), 403, 'forbidden');
    const first = ok(await marketer.mutate('campaigns.discard', { id: campaign.id }));
    expect(first).toMatchObject({ campaign: { status: 'discarded' }, replay: false });
    expect(ok(await marketer.mutate('campaigns.discard', { id: campaign.id }))).toEqual({ ...first, replay: true });
    refused(await marketer.mutate('campaigns.edit', { id: campaign.id, name: 'Back' }), 409, 'campaign_not_draft');
  });
});

describe('the body counter and the progress of a campaign', () => {
  it('campaigns.preview counts a body for whoever writes campaigns (messages.preview is for those who send)', async () => {
    const preview = ok(await marketer.query('campaigns.preview', { body: 'Habari 😀', traffic_class: 'promotional' }));
    expect(preview).toMatchObject({ encoding: 'ucs2', segments: 1, ucs2_characters: [{ character: '😀', position: 7 }] });
    refused(await marketer.query('messages.preview', { body: 'Habari', traffic_class: 'promotional' }), 403, 'forbidden');
    refused(await analyst.query('campaigns.preview', { body: 'Habari', traffic_class: 'promotional' }), 403, 'forbidden');
  });

  it('campaigns.progress counts the recipients by status in one answer; a draft has none yet', async () => {
    const campaign = await launched([campaignPhone(), campaignPhone()]);
    const progress = ok(await analyst.query('campaigns.progress', { id: campaign.id }));
    expect(progress.recipients).toBe(2);
    expect(Object.values(progress.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(2);
    const { campaign: draft } = await draftOver([campaignPhone()]);
    refused(await analyst.query('campaigns.progress', { id: draft.id }), 409, 'campaign_not_launched');
  });
});

describe('copy as new draft', () => {
  it('a draft of any campaign once per key, named "(copy)", with its groups; members who may not write campaigns are refused', async () => {
    const { campaign } = await draftOver([campaignPhone()]);
    const input = { id: campaign.id, idempotencyKey: randomUUID() };
    const copied = ok(await marketer.mutate('campaigns.copy', input));
    expect(copied).toMatchObject({
      copied_from: campaign.id,
      left_out_group_ids: [],
      replay: false,
      campaign: { name: `${campaign.name} (copy)`, status: 'draft', version: 1, group_ids: campaign.group_ids, body: campaign.body, quote: null },
    });
    expect(ok(await marketer.mutate('campaigns.copy', input))).toEqual({ ...copied, replay: true });
    expect(await count('campaigns where name = ?', [`${campaign.name} (copy)`])).toBe(1);
    refused(await analyst.mutate('campaigns.copy', { id: campaign.id, idempotencyKey: randomUUID() }), 403, 'forbidden');
  });
});
