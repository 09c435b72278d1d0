// A launched campaign's money and delivery as its detail and the list show them, through the worker's runner and
// dispatcher to the SMSC simulator over real SMPP: captured, released and held from the ledger (never the quote's
// total), and the delivery rate from the same counts as the campaign's progress.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startWorkers } from '../../workers/runner.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, launch, quote, recipientRows } from '../support/campaigns.ts';
import { campaignMoney } from '../support/money.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { ok, signedIn, trpcApp } from '../support/trpc.ts';
import { deliveryReport, ZDeliveryReportInput } from '../../core/app/reports/delivery-report.ts';
import { campaignProgress } from '../../core/app/campaigns/recipients.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
let simulator: SmscSimulator;
let provider: SmsProvider;
let workers: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 400 });
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  owner = await signInAs(env, org.members.owner!);
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 30 });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 50, submitTimeoutMs: 400, logger: { info: () => {}, warn: () => {} } });
  workers = [
    await startWorkers(env.deps, await testDatabaseUrl(), { providers: { live: null, simulator: provider }, dispatcher: { inFlight: 100, idleMs: 20, flushMs: 10 }, sender: null }),
  ];
});

afterAll(async () => {
  for (const w of workers) await w.stop();
  await provider?.close();
  await simulator?.close();
});

const detail = async (id: string) => (await call(owner, 'get', `/v1/campaigns/${id}`)).body.data.campaign;

async function waitUntil(what: string, done: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`still waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function launchedOver(phones: string[], launchBody: Record<string, unknown> = {}) {
  const { groupId } = await createAudience(env, org.id, { phones, consented: phones });
  const draft = await createDraft(owner, { group_ids: [groupId], traffic_class: 'promotional', body: 'Ofa ya wiki: mbegu bora kwa bei nafuu!' });
  const q = await quote(owner, draft.id);
  await launch(owner, draft.id, { quote_id: q.id, ...launchBody });
  return { id: draft.id as string, quote: q };
}

describe('a completed campaign', () => {
  it('shows what was charged, released and still held, and its delivery rate, on its detail and in the list', async () => {
    // The simulator: 10, 20, 30 delivered; 92 undelivered (charged); 91 refused at submit; 97 failed after acceptance (refunded).
    const phones = [campaignPhone('10'), campaignPhone('92'), campaignPhone('91'), campaignPhone('20'), campaignPhone('97'), campaignPhone('30')];
    const { id, quote: q } = await launchedOver(phones);
    expect(q.total).toBe(6 * 2500);
    await waitUntil('completed', async () => (await detail(id)).status === 'completed');
    await waitUntil('every receipt', async () => (await recipientRows(env, id)).every((r) => r.message_status !== 'submitted' && r.message_status !== 'accepted'));

    const c = await detail(id);
    expect(c.launch.money).toEqual({ reserved: 15_000, captured: 4 * 2500, released: 2 * 2500, held: 0, currency: 'TZS' });
    const ledger = await campaignMoney(env, id);
    expect([ledger.captured, ledger.released]).toEqual([BigInt(c.launch.money.captured), BigInt(c.launch.money.released)]);
    expect(c.launch.delivery).toEqual({ delivered: 3, undelivered: 1, failed: 2, answered: 6, rate: 0.5 });
    expect(c.launch).toMatchObject({ recipients: 6, fed: 6, handed_to_sending: 6, amount_held: 15_000 });
    // The same figures as the campaign's delivery report and its recipients' progress.
    const reader = { kind: 'key' as const, organizationId: org.id, keyId: org.keys.live!.id, mode: 'live' as const, scopes: [] };
    const day = ZDeliveryReportInput.parse({ from: '2026-11-22T00:00:00+03:00', to: '2026-11-23T00:00:00+03:00', group_by: ['campaign'] });
    const row = (await deliveryReport(await env.ctx(), reader, day)).find((r) => r.campaign_id === id)!;
    expect({ delivered: row.counts.delivered, undelivered: row.counts.undelivered, failed: row.counts.failed }).toEqual({ delivered: 3, undelivered: 1, failed: 2 });
    const { counts } = await campaignProgress(await env.ctx(), reader, id);
    expect({ delivered: counts.delivered, undelivered: counts.undelivered, failed: counts.failed }).toEqual({ delivered: 3, undelivered: 1, failed: 2 });

    const listed = (await call(owner, 'get', '/v1/campaigns?limit=100')).body.data.campaigns.find((x: { id: string }) => x.id === id);
    expect(listed.launch.money).toEqual(c.launch.money);
    expect(listed.launch.delivery).toEqual(c.launch.delivery);
    expect(listed.quote.total).not.toBe(listed.launch.money.captured);

    const app = trpcApp(env);
    const member = await signedIn(app, org.members.owner!);
    expect(ok(await member.query('campaigns.get', { id })).campaign.launch).toEqual(c.launch);
    const page = ok(await member.query('campaigns.list', { limit: 100 }));
    expect(page.campaigns.find((x: { id: string }) => x.id === id).launch).toEqual(c.launch);
  });
});

describe('a cancelled campaign', () => {
  it('charged nothing shows 0 captured, everything released and nothing held, in the list too', async () => {
    const { id, quote: q } = await launchedOver([campaignPhone('10'), campaignPhone('20')], { scheduled_at: '2026-11-22T12:00:00Z' });
    const held = await detail(id);
    expect(held.launch.money).toEqual({ reserved: q.total, captured: 0, released: 0, held: q.total, currency: 'TZS' });
    expect(held.launch.delivery).toEqual({ delivered: 0, undelivered: 0, failed: 0, answered: 0, rate: null });
    expect((await call(owner, 'post', `/v1/campaigns/${id}/cancel`)).status).toBe(200);
    await waitUntil('cancelled', async () => (await detail(id)).status === 'cancelled');
    const listed = (await call(owner, 'get', '/v1/campaigns?limit=100')).body.data.campaigns.find((x: { id: string }) => x.id === id);
    expect(listed.launch.money).toEqual({ reserved: q.total, captured: 0, released: q.total, held: 0, currency: 'TZS' });
    expect(listed.launch).toMatchObject({ fed: 0, handed_to_sending: 0 });
  });
});
