// A campaign end to end through the worker's runner (its feed_campaigns and campaign_progress jobs) and dispatcher to
// the SMSC simulator over real SMPP: outcomes by number, skipped recipients, completion, and every cent of the
// reservation captured or released.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmscSimulator, type SimulatedSubmit, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startWorkers } from '../../workers/runner.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, launch, optOut, quote, recipientRows, recordConsent } from '../support/campaigns.ts';
import { campaignMoney, expectWalletInvariant } from '../support/money.ts';
import { testDatabaseUrl } from '../support/db.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
let simulator: SmscSimulator;
let provider: SmsProvider;
let workers: { stop(): Promise<void> }[] = [];
const submits: SimulatedSubmit[] = [];

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 400 });
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  owner = await signInAs(env, org.members.owner!);
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 30, onSubmit: (s) => submits.push(s) });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 50, submitTimeoutMs: 400, logger: { info: () => {}, warn: () => {} } });
  // No webhook sender: the campaign's events stay in the outbox for the test to read.
  workers = [
    await startWorkers(env.deps, await testDatabaseUrl(), { providers: { live: null, simulator: provider }, dispatcher: { inFlight: 100, idleMs: 20, flushMs: 10 }, sender: null }),
  ];
});

afterAll(async () => {
  for (const w of workers) await w.stop();
  await provider?.close();
  await simulator?.close();
});

async function waitForStatus(id: string, status: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const campaign = (await owner.agent.get(`/v1/campaigns/${id}`)).body.data.campaign;
    if (campaign.status === status) return campaign;
    if (Date.now() > end) throw new Error(`campaign still ${campaign.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const recipients = (campaignId: string) => recipientRows(env, campaignId);

/** The recipients once no message waits for its receipt (they may come after the campaign completed). */
async function receiptsIn(campaignId: string) {
  const end = Date.now() + 5000;
  let rows = await recipients(campaignId);
  while (rows.some((r) => r.message_status === 'submitted') && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    rows = await recipients(campaignId);
  }
  return rows;
}

describe('a promotional campaign through the simulator', () => {
  it('delivered, undelivered, failed and skipped recipients; completed; captured + released = the reservation', async () => {
    const delivered = [campaignPhone('10'), campaignPhone('20'), campaignPhone('30')];
    const undelivered = campaignPhone('92');
    const failed = campaignPhone('91');
    const optsOut = campaignPhone('40');
    const losesConsent = campaignPhone('50');
    const phones = [delivered[0]!, undelivered, failed, optsOut, delivered[1]!, losesConsent, delivered[2]!];
    const { groupId } = await createAudience(env, org.id, { phones, consented: phones });
    const draft = await createDraft(owner, { group_ids: [groupId], traffic_class: 'promotional', body: 'Ofa ya wiki: mbegu bora kwa bei nafuu!' });
    const q = await quote(owner, draft.id);
    expect(q.total).toBe(7 * 2500);
    await optOut(env, org.id, optsOut);
    await recordConsent(env, org.id, losesConsent, 'consent_cleared');
    await launch(owner, draft.id, { quote_id: q.id });

    const done = await waitForStatus(draft.id, 'completed');
    expect(done.launch.finished_at).not.toBeNull();
    // Undelivered receipts come after completion is possible; wait until every message has its final status.
    const rows = await receiptsIn(draft.id);
    const byPhone = new Map(rows.map((r) => [r.phone, r]));
    for (const p of delivered) expect(byPhone.get(p)).toMatchObject({ status: 'queued', message_status: 'delivered', charge: 'captured' });
    expect(byPhone.get(undelivered)).toMatchObject({ message_status: 'undelivered', charge: 'captured' });
    expect(byPhone.get(failed)).toMatchObject({ message_status: 'failed', charge: 'released' });
    expect(byPhone.get(optsOut)).toMatchObject({ status: 'skipped_opted_out', message_status: null });
    expect(byPhone.get(losesConsent)).toMatchObject({ status: 'skipped_no_consent', message_status: null });
    // Only queued recipients reached the SMSC, each once, in audience order.
    const asE164 = (d: string) => (d.startsWith('+') ? d : `+${d}`);
    const sent = submits.map((s) => asE164(s.destinationAddr)).filter((d) => phones.includes(d));
    expect(sent).toEqual([delivered[0], undelivered, failed, delivered[1], delivered[2]]);

    const money = await campaignMoney(env, draft.id);
    expect(money).toEqual({ reserved: 17_500n, captured: 4n * 2500n, released: 3n * 2500n });
    expect(money.captured + money.released).toBe(money.reserved);
    await expectWalletInvariant(env, org.id);
    const events = await env.sql<{ type: string }>("select type from outbox_events where type like 'campaign.%' and payload->'data'->>'id' = ? order by created_at, id", [draft.id]);
    expect(events.map((e) => e.type)).toEqual(['campaign.sending', 'campaign.completed']);
  });

  it('recipients the provider fails after accepting them (REJECTD) have their share released, as SPEC.md says', async () => {
    const delivered = campaignPhone('10');
    const rejected = [campaignPhone('97'), campaignPhone('97')];
    const phones = [delivered, ...rejected];
    const { groupId } = await createAudience(env, org.id, { phones });
    const draft = await createDraft(owner, { group_ids: [groupId], body: 'Mkutano wa wanachama kesho saa nne asubuhi.' });
    const q = await quote(owner, draft.id);
    await launch(owner, draft.id, { quote_id: q.id });
    await waitForStatus(draft.id, 'completed');
    const rows = await receiptsIn(draft.id);
    const byPhone = new Map(rows.map((r) => [r.phone, r]));
    expect(byPhone.get(delivered)).toMatchObject({ message_status: 'delivered', charge: 'captured' });
    for (const p of rejected) expect(byPhone.get(p)).toMatchObject({ message_status: 'failed', charge: 'released' });
    // Each rejected share was captured when the SMSC accepted it, then released when the receipt failed it.
    const entries = await env.sql<{ kind: string; amount: string; n: number }>(
      `select l.kind, l.amount::text as amount, count(*)::int as n from ledger_entries l join messages m on m.organization_id = l.organization_id and m.id = l.message_id
       where m.campaign_id = ? and m.to_phone = any(?::text[]) group by 1, 2 order by 1`,
      [draft.id, `{${rejected.join(',')}}`],
    );
    expect(entries).toEqual([{ kind: 'capture', amount: '2000', n: 2 }, { kind: 'refund', amount: '2000', n: 2 }]);
    const money = await campaignMoney(env, draft.id);
    expect(money).toEqual({ reserved: 6000n, captured: 2000n, released: 4000n });
    const [spent] = await env.sql<{ n: string }>("select coalesce(sum(total), 0)::text as n from messages where campaign_id = ? and charge = 'captured'", [draft.id]);
    expect(spent!.n).toBe('2000');
    await expectWalletInvariant(env, org.id);
  });

  it('cancel while sending: the feeder stops, the campaign ends cancelled, the reservation is settled', async () => {
    const phones = Array.from({ length: 300 }, () => campaignPhone('95'));
    const { groupId } = await createAudience(env, org.id, { phones });
    const draft = await createDraft(owner, { group_ids: [groupId] });
    const q = await quote(owner, draft.id);
    await launch(owner, draft.id, { quote_id: q.id });
    const res = await call(owner, 'post', `/v1/campaigns/${draft.id}/cancel`);
    expect(res.status).toBe(200);
    const report = res.body.data.cancel;
    expect(report.pending_cancelled + report.queued_at_cancel + report.in_flight_at_cancel).toBeLessThanOrEqual(300);
    await waitForStatus(draft.id, 'cancelled');
    const money = await campaignMoney(env, draft.id);
    expect(money.captured + money.released).toBe(money.reserved);
    expect(money.released).toBe(BigInt(report.pending_cancelled + report.queued_at_cancel) * 2000n);
    await expectWalletInvariant(env, org.id);
  });
});
