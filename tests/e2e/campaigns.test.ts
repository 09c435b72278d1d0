// The campaign pages in Chromium against the real service, with the worker's runner (its campaign jobs and the
// dispatcher) and the SMSC simulator running: a draft quoted, launched and followed to completed (the ledger checked), a scheduled campaign
// cancelled with its report, an expired quote quoted again, the recipients' filter and the CSV download, the menu by
// role, and the editor on a phone; in English and Kiswahili, a draft scheduled for the next opening of a closed
// sending window, a launched campaign's money and delivery rate against the API's, and a copy as new draft.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startWorkers } from '../../workers/runner.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { createOrg, signInAs, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { campaignPhone, createAudience, createDraft, launch, quote, recipientRows, type Caller } from '../support/campaigns.ts';
import { walletOf } from '../support/money.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { figure, serveDashboard, signIn, test, type DashboardServer } from './fixture.ts';
import { guidedCampaign, tzs } from './campaign-guidance.ts';

let env: TestEnv;
let org: OrgFixture;
let site: DashboardServer;
let simulator: SmscSimulator;
let provider: SmsProvider;
let workers: { stop(): Promise<void> };
let owner: Caller;

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 500 });
  const sender = { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true };
  org = await createOrg(env, {
    credit: 1_000_000n,
    senders: [sender],
    members: { owner: 'owner', marketer: 'marketer', developer: 'developer', billing: 'billing' },
    keys: {},
  });
  owner = await signInAs(env, org.members.owner!);
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 50 });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 10, submitTimeoutMs: 500, logger: { info: () => {}, warn: () => {} } });
  workers = await startWorkers(env.deps, await testDatabaseUrl(), { providers: { live: null, simulator: provider }, dispatcher: { inFlight: 10, idleMs: 20, flushMs: 10 }, sender: null });
  site = await serveDashboard(env);
});

afterAll(async () => {
  await site?.close();
  await workers?.stop();
  await provider?.close();
  await simulator?.close();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The campaign's ledger entries, summed by kind (cents). */
async function ledgerOf(campaignId: string): Promise<Record<string, bigint>> {
  const found = await env.sql<{ kind: string; amount: string }>('select kind, sum(amount)::text as amount from ledger_entries where campaign_id = ? group by kind', [campaignId]);
  return Object.fromEntries(found.map((r) => [r.kind, BigInt(r.amount)]));
}

async function campaignNamed(name: string) {
  const [c] = await env.sql<{ id: string; status: string; scheduled_at: string | null; validity_seconds: number | null; created_via: string; group_ids: string[] }>(
    'select id, status, scheduled_at, validity_seconds, created_via, group_ids from campaigns where organization_id = ? and name = ?',
    [org.id, name],
  );
  return c;
}

async function openNewCampaign(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByRole('heading', { level: 1, name: 'New campaign' }).waitFor();
}

describe('campaigns', () => {
  test('with the window closed, a draft is scheduled for the next opening today; a launched campaign shows the API money and rate, in the list too; copy as new draft', async ({ page }) => {
    const closed = { window: ['13:00', '20:00'], button: /^Schedule for the next opening \(13:00 EAT\)…$/, time: '22 Nov 2026, 13:00 EAT', startsAt: '2026-11-22T10:00:00.000Z' } as const;
    const api = await guidedCampaign({ env, org, site, owner }, page, 'en', { ...closed, window: [...closed.window] });
    // The list shows what was charged and what is still held, not the quote's amount.
    await page.goto(`${site.base}/#/campaigns`);
    const row = page.getByRole('row', { name: /Habari en(?! \(copy\))/ });
    await expect.poll(() => row.locator('td').allTextContents()).toEqual(expect.arrayContaining([tzs(api.launch.money.captured), tzs(api.launch.money.held)]));
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(expect.arrayContaining(['Charged', 'Held']));
  });

  test('in Kiswahili, with the window closed until tomorrow, the draft is scheduled for the next opening with its date; the launched campaign and its copy', async ({ swPage }) => {
    await guidedCampaign({ env, org, site, owner }, swPage, 'sw', { window: ['08:00', '11:00'], button: /\(.*2026.*08:00 EAT\)…$/, time: '08:00 EAT', startsAt: '2026-11-23T05:00:00.000Z' });
  });

  test('a promotional draft is quoted, launched now and followed to completed; the ledger holds the total, then captures and releases it', async ({ page }) => {
    const [d1, d2, refused, out, none] = [campaignPhone('10'), campaignPhone('10'), campaignPhone('91'), campaignPhone('10'), campaignPhone('10')];
    await createAudience(env, org.id, { name: 'Wakulima Arusha', phones: [d1, d2, refused, out], consented: [d1, d2, refused, out], optedOut: [out] });
    await createAudience(env, org.id, { name: 'Wakulima Moshi', phones: [d1, none], consented: [d1] });
    const before = await walletOf(env, org.id);

    await signIn(page, site.base, org.members.owner!);
    await openNewCampaign(page);
    await page.getByLabel('Campaign name').fill('Mavuno promotion');
    await page.getByRole('radio', { name: 'Promotional' }).check();
    await expect.poll(() => page.getByLabel('From (sender ID)').inputValue()).toBe('UJUMBE');
    await page.getByRole('checkbox', { name: /Wakulima Arusha/ }).check();
    await page.getByRole('checkbox', { name: /Wakulima Moshi/ }).check();
    await page.getByLabel('Message', { exact: true }).fill('Habari! Bei mpya za mbolea zimefika.');
    await expect.poll(() => page.locator('#campaign-body-counter').textContent()).toContain('1 segment');
    expect(await page.locator('#campaign-body-counter').textContent()).toContain('GSM-7');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mavuno promotion' }).waitFor();
    const draft = (await campaignNamed('Mavuno promotion'))!;
    expect(draft).toMatchObject({ status: 'draft', created_via: 'dashboard', scheduled_at: null });
    expect(draft.group_ids).toHaveLength(2);

    await page.getByRole('button', { name: 'Get a quote' }).click();
    await figure(page, 'Eligible').waitFor();
    const figures = Object.fromEntries(
      await Promise.all(['Eligible', 'Duplicates', 'Opted out', 'No consent', 'Segments', 'Encoding', 'Price a segment', 'Total'].map(async (l) => [l, await figure(page, l).textContent()])),
    );
    expect(figures).toEqual({ Eligible: '3', Duplicates: '1', 'Opted out': '1', 'No consent': '1', Segments: '1', Encoding: 'GSM-7', 'Price a segment': 'TZS 25.00', Total: 'TZS 75.00' });
    const [quoted] = await env.sql<{ total: string; eligible: number }>('select total::text as total, eligible from campaign_quotes where campaign_id = ?', [draft.id]);
    expect(quoted).toEqual({ total: '7500', eligible: 3 });
    // Fifteen minutes by the service's clock, whatever the browser's own clock says.
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await page.locator('#campaign-window-state').textContent()).toBe('Open now');
    expect(await figure(page, 'Next opening').textContent()).toBe('23 Nov 2026, 08:00 EAT');

    await page.getByRole('button', { name: 'Launch now…' }).click();
    expect(await page.locator('#launch-confirm-title').textContent()).toBe('TZS 75.00 will be held from the wallet now.');
    expect(await ledgerOf(draft.id)).toEqual({});
    await page.getByRole('button', { name: 'Hold TZS 75.00 and launch' }).click();
    const launched = page.locator('.alert-success');
    await launched.waitFor();
    expect(await launched.textContent()).toContain('TZS 75.00 is held from the wallet for 3 recipients');
    expect((await ledgerOf(draft.id)).hold).toBe(7500n);

    // The page asks every 2 s while the campaign sends; the simulator delivers two and refuses the third (failed, not charged).
    await expect.poll(() => figure(page, 'Status').textContent(), { timeout: 20_000 }).toBe('Completed');
    const byStatus = page.getByRole('list', { name: 'Recipients by status' });
    await expect.poll(() => byStatus.locator('li[data-status=delivered] .count').textContent(), { timeout: 15_000 }).toBe('2');
    expect(await byStatus.locator('li[data-status=failed] .count').textContent()).toBe('1');
    expect(await byStatus.locator('li[data-status=pending] .count').textContent()).toBe('0');
    expect(await page.getByLabel('3 of 3 recipients finished').count()).toBe(1);
    const statuses = () => page.getByRole('table', { name: 'Recipients in audience order' }).locator('tbody .badge').allTextContents();
    await expect.poll(statuses).toEqual(['Delivered', 'Delivered', 'Failed']);

    expect((await recipientRows(env, draft.id)).map((r) => r.charge)).toEqual(['captured', 'captured', 'released']);
    expect(await ledgerOf(draft.id)).toEqual({ hold: 7500n, capture: 5000n, release: 2500n });
    const after = await walletOf(env, org.id);
    expect({ spent: before.available - after.available, held: after.held - before.held }).toEqual({ spent: 5000n, held: 0n });
  });

  test('a scheduled campaign (entered in EAT) is cancelled from its page: the report, and the held money back in the wallet', async ({ page }) => {
    await createAudience(env, org.id, { name: 'Wateja Dodoma', phones: [campaignPhone(), campaignPhone()] });
    const before = await walletOf(env, org.id);
    await signIn(page, site.base, org.members.marketer!);
    await openNewCampaign(page);
    await page.getByLabel('Campaign name').fill('Ukumbusho');
    await page.getByRole('checkbox', { name: /Wateja Dodoma/ }).check();
    await page.getByLabel('Message', { exact: true }).fill('Kumbusho: mkutano kesho saa nne.');
    // A marketer cannot send single messages, yet the editor counts the body as it is typed (campaigns.preview).
    await expect.poll(() => page.locator('#campaign-body-counter').textContent()).toContain('32 characters');
    expect(await page.locator('#campaign-body-counter').textContent()).toContain('1 segment');
    await page.getByRole('radio', { name: 'At a set time' }).check();
    await page.getByLabel('Start at (EAT, Dar es Salaam)').fill('2026-11-23T10:00');
    await page.getByLabel('Validity (hours)').fill('6');
    await expect.poll(() => page.getByLabel('From (sender ID)').inputValue()).toBe('UJUMBE');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ukumbusho' }).waitFor();
    const draft = (await campaignNamed('Ukumbusho'))!;
    expect(new Date(draft.scheduled_at!).toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(draft.validity_seconds).toBe(21_600);
    expect(await figure(page, 'Start').textContent()).toBe('23 Nov 2026, 10:00 EAT');

    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect.poll(() => figure(page, 'Total').textContent()).toBe('TZS 40.00');
    expect(await page.getByRole('radio', { name: 'As the draft says: 23 Nov 2026, 10:00 EAT' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Valid for (hours)').inputValue()).toBe('6');
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.getByRole('button', { name: 'Hold TZS 40.00 and launch' }).click();
    await page.locator('.alert-success').waitFor();
    expect(await page.locator('.alert-success').textContent()).toContain('Scheduled. TZS 40.00 is held');
    expect(await figure(page, 'Status').textContent()).toBe('Scheduled');
    expect((await walletOf(env, org.id)).held - before.held).toBe(4000n);

    await page.getByRole('button', { name: 'Cancel campaign' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the campaign' }).click();
    await page.getByRole('heading', { name: 'Cancel report' }).waitFor();
    expect(await figure(page, 'Pending cancelled').textContent()).toBe('2');
    expect(await figure(page, 'Queued at cancel').textContent()).toBe('0');
    expect(await figure(page, 'In flight').textContent()).toBe('0');
    expect(await walletOf(env, org.id)).toEqual(before);
    expect(await ledgerOf(draft.id)).toEqual({ hold: 4000n, release: 4000n });
    await expect.poll(() => figure(page, 'Status').textContent(), { timeout: 10_000 }).toBe('Cancelled');
    // Its counters agree with its report and its ledger: nothing handed to sending, nothing charged, all released.
    expect(await figure(page, 'Handed to sending').textContent()).toBe('0');
    await expect.poll(() => figure(page, 'Released').textContent()).toBe('TZS 40.00');
    expect([await figure(page, 'Charged').textContent(), await figure(page, 'Still held').textContent()]).toEqual(['TZS 0.00', 'TZS 0.00']);
    expect(await page.getByRole('table', { name: 'Recipients in audience order' }).locator('tbody .badge').allTextContents()).toEqual(['Cancelled', 'Cancelled']);
    expect(await page.getByRole('button', { name: 'Cancel campaign' }).count()).toBe(0);
    // The report stays with the campaign: a later visit reads it too.
    await page.reload();
    await page.getByRole('heading', { name: 'Cancel report' }).waitFor();
    expect(await figure(page, 'Pending cancelled').textContent()).toBe('2');
  });

  test('a quote past its 15 minutes says so, cannot be launched, and is quoted again; the draft is then discarded', async ({ page }) => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const draft = await createDraft(owner, { name: 'Late quote', traffic_class: 'transactional', group_ids: [groupId] });
    await quote(owner, draft.id);
    const start = await env.clock.now();
    env.clock.advance(16 * 60_000);
    try {
      await signIn(page, site.base, org.members.owner!);
      await page.goto(`${site.base}/#/campaigns/${draft.id}`);
      const expired = page.locator('.quote-expired');
      await expired.waitFor();
      expect(await expired.textContent()).toContain('This quote expired at 22 Nov 2026, 12:15 EAT.');
      expect(await page.getByRole('button', { name: /Launch now/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Quote again' }).click();
      await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
      expect(await page.locator('.quote-expired').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Launch now…' }).count()).toBe(1);
      expect(await env.sql('select id from campaign_quotes where campaign_id = ?', [draft.id])).toHaveLength(2);
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByRole('button', { name: 'Yes, discard it' }).click();
      await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
      expect((await env.sql<{ status: string }>('select status from campaigns where id = ?', [draft.id]))[0]!.status).toBe('discarded');
      // The list may first show what it had cached, then the campaign as it is now.
      await expect.poll(() => page.getByRole('row', { name: /Late quote/ }).getByText('Discarded').count()).toBe(1);
    } finally {
      env.clock.set(start);
    }
  });

  test('the recipients filter by status and search by number; the CSV link downloads the filtered rows', async ({ page }) => {
    const phones = [campaignPhone('10'), campaignPhone('92'), campaignPhone('10')];
    const { groupId } = await createAudience(env, org.id, { phones });
    const draft = await createDraft(owner, { name: 'Taarifa', traffic_class: 'transactional', group_ids: [groupId] });
    await launch(owner, draft.id, { quote_id: (await quote(owner, draft.id)).id });
    await expect.poll(async () => (await recipientRows(env, draft.id)).map((r) => r.message_status), { timeout: 15_000 }).toEqual(['delivered', 'undelivered', 'delivered']);

    await signIn(page, site.base, org.members.owner!);
    await page.goto(`${site.base}/#/campaigns/${draft.id}`);
    const table = page.getByRole('table', { name: 'Recipients in audience order' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(4);
    await page.getByLabel('Recipient status').selectOption('undelivered');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).textContent()).toContain(phones[1]);
    await page.getByLabel('Recipient status').selectOption('');
    await page.getByLabel('Number starts with').fill(phones[2]!);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).textContent()).toContain(phones[2]);

    await page.getByLabel('Recipients to export').selectOption('delivered');
    const download = page.getByRole('link', { name: 'Download CSV' });
    await expect.poll(() => download.getAttribute('href')).toBe(`/v1/campaigns/${draft.id}/messages.csv?status=delivered`);
    // The link is fetched with the page's own session cookies.
    const file = await page.request.get(`${site.base}${await download.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    const lines = (await file.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^recipient,phone,status,/);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([`1,'${phones[0]},delivered`, `3,'${phones[2]},delivered`]);
  });

  test('roles without campaigns permissions see no Campaigns menu and cannot open the pages', async ({ page }) => {
    for (const role of ['developer', 'billing'] as const) {
      await signIn(page, site.base, org.members[role]!);
      const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
      expect(links, role).not.toContain('Campaigns');
      await page.goto(`${site.base}/#/campaigns`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    }
    await signIn(page, site.base, org.members.marketer!);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toContain('Campaigns');
  });

  test('on a 360 px phone the editor and the campaign pages do not overflow sideways, within the Content-Security-Policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, site.base, org.members.owner!);
    await page.goto(`${site.base}/#/campaigns/new`);
    await page.getByRole('checkbox').first().waitFor();
    await expect.poll(() => page.getByLabel('From (sender ID)').inputValue()).toBe('UJUMBE');
    await page.getByLabel('Message', { exact: true }).fill('Habari yako 🙂 karibu sana, bei mpya zimefika dukani kwetu leo.');
    await page.getByRole('radio', { name: 'At a set time' }).check();
    await page.locator('#campaign-body-counter .counter-ucs2').waitFor();
    expect(await overflow(page)).toBe(0);
    const [done] = await env.sql<{ id: string }>("select id from campaigns where organization_id = ? and status = 'completed' order by id limit 1", [org.id]);
    for (const hash of ['#/campaigns', ...(done ? [`#/campaigns/${done.id}`] : [])]) {
      await page.goto(`${site.base}/${hash}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), hash).toBe(0);
    }
    expect(violations).toEqual([]);
  });
});
