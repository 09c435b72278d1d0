// Messages and the wallet in Chromium, in English and Kiswahili, against the real service (dispatcher and SMSC
// simulator running): a failed message explained in plain words in the language shown, a receipt sent twice
// explained, a search by four digits (and its refusal at the field), a new organization's send form starting in
// Test with its messages marked, the CSV downloads of messages and of the ledger fetched from the pages' links, and
// the printable monthly statement in Kiswahili.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { bearer, createOrg, signInAs, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { SCREENSHOTS, serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

const PAGES = path.join(SCREENSHOTS, 'pages');

let env: TestEnv;
let org: OrgFixture;
let fresh: OrgFixture;
let site: DashboardServer;
let simulator: SmscSimulator;
let provider: SmsProvider;
let dispatcher: { stop(): Promise<void> };

/** The simulator decides by the last two digits: 91 refused at submit, 96 delivered with its receipt sent twice. */
const REFUSED = '+255754001291';
const RECEIPTED_TWICE = '+255754000296';
const DELIVERED = '+255754000310';
/** A test message to a number ending in 0 is delivered at once. */
const TEST_DELIVERED = '+255754000420';
const ids: Record<string, string> = {};

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 500 });
  const sender = { name: 'UJUMBE', classes: ['transactional'] as 'transactional'[], routeApproved: true };
  org = await createOrg(env, { credit: 1_000_000n, senders: [sender], members: { owner: 'owner' } });
  fresh = await createOrg(env, { verified: false, senders: [sender], members: { owner: 'owner' }, keys: {} });
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 20 });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 10, submitTimeoutMs: 500, logger: { info: () => {}, warn: () => {} } });
  dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 10, idleMs: 20, flushMs: 10 });
  site = await serveDashboard(env);
  for (const to of [REFUSED, RECEIPTED_TWICE, DELIVERED]) {
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `seed-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `seed-${to}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    ids[to] = res.body.data.id;
  }
  const test = await request(env.app).post('/v1/messages').set(bearer(org.keys.test!.secret)).set('X-Idempotency-Key', 'seed-test').send({ to: TEST_DELIVERED, from: 'UJUMBE', body: 'Jaribio', client_ref: 'seed-test' });
  expect(test.status, JSON.stringify(test.body)).toBe(202);
  await waitFor(async () => {
    const rows = await env.sql<{ to_phone: string; status: string; receipts: string }>(
      'select m.to_phone, m.status, (select count(*) from message_receipts r where r.message_id = m.id) as receipts from messages m where m.organization_id = ? and not m.test',
      [org.id],
    );
    const now = Object.fromEntries(rows.map((r) => [r.to_phone, `${r.status} ${r.receipts}`]));
    return now[REFUSED] === 'failed 0' && now[RECEIPTED_TWICE] === 'delivered 2' && now[DELIVERED] === 'delivered 1';
  });
});

afterAll(async () => {
  await site?.close();
  await dispatcher?.stop();
  await provider?.close();
  await simulator?.close();
});

async function waitFor(done: () => Promise<boolean>) {
  for (let i = 0; !(await done()); i++) {
    if (i > 300) throw new Error('the seeded messages did not end as expected');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The explanation the service gives for a message, in both languages, and the reason as stored. */
async function explanationOf(id: string): Promise<{ code: string; en: string; sw: string; stored: string }> {
  const owner = await signInAs(env, org.members.owner!);
  const { data } = (await owner.agent.get(`/v1/messages/${id}`)).body;
  return { ...data.failure_explanation, stored: data.failure_reason };
}

async function keep(page: Page, name: string) {
  fs.mkdirSync(PAGES, { recursive: true });
  await page.screenshot({ path: path.join(PAGES, name), fullPage: true });
}

describe('messages and the wallet', () => {
  test('a failed message is explained in plain English; a receipt sent twice is explained', async ({ page }) => {
    const w = words('en').messages;
    const explained = await explanationOf(ids[REFUSED]!);
    await signIn(page, site.base, org.members.owner!);
    await page.goto(`${site.base}/#/messages/${ids[REFUSED]}`);
    await page.getByRole('heading', { name: w.failure.heading }).waitFor();
    expect(await page.locator('.failure-explanation').textContent()).toBe(explained.en);
    // The network's own words stay, beneath, for whoever follows it up.
    expect(await page.getByRole('note').textContent()).toContain(explained.stored);
    await keep(page, 'message-failed-en.png');

    await page.goto(`${site.base}/#/messages/${ids[RECEIPTED_TWICE]}`);
    const receipts = page.getByRole('table', { name: w.receipts.caption });
    await receipts.waitFor();
    expect(await receipts.getByRole('row').count()).toBe(3);
    expect(await receipts.textContent()).toContain(w.receipts.effectNone);
    expect(await page.locator('.receipts-explained').textContent()).toContain(w.receipts.repeated);
  });

  test('a failed message is explained in plain Kiswahili', async ({ swPage: page }) => {
    const w = words('sw').messages;
    const explained = await explanationOf(ids[REFUSED]!);
    expect(explained.sw).not.toBe(explained.en);
    await signIn(page, site.base, org.members.owner!, 'sw');
    await page.goto(`${site.base}/#/messages/${ids[REFUSED]}`);
    await page.getByRole('heading', { name: w.failure.heading }).waitFor();
    expect(await page.locator('.failure-explanation').textContent()).toBe(explained.sw);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(w.detail.title);
    await keep(page, 'message-failed-sw.png');
  });

  test('the messages are searched by four digits of the number, in Kiswahili; too few digits are refused at the field', async ({ swPage: page }) => {
    const w = words('sw').messages;
    await signIn(page, site.base, org.members.owner!, 'sw');
    await page.goto(`${site.base}/#/messages`);
    const table = page.getByRole('table', { name: w.list.caption });
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    const search = page.getByLabel(w.filters.recipient);
    await search.fill('1291');
    await search.press('Enter');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/messages?recipient=1291');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).textContent()).toContain(REFUSED);
    await keep(page, 'messages-search-sw.png');

    await search.fill('19');
    await search.press('Enter');
    const refusal = page.locator('.field', { has: search }).getByRole('alert');
    await refusal.waitFor();
    expect(await search.getAttribute('aria-invalid')).toBe('true');
    expect(await table.count()).toBe(0);
    // Nor is the file of a refused search offered.
    expect(await page.getByRole('region', { name: w.export.heading }).count()).toBe(0);
  });

  test('a new organization sends in Test by default, in Kiswahili; its test message is marked Test, with its amount', async ({ swPage: page }) => {
    const w = words('sw').messages;
    await signIn(page, site.base, fresh.members.owner!, 'sw');
    await page.goto(`${site.base}/#/send`);
    await page.getByText(w.send.startsInTest).waitFor();
    expect(await page.getByLabel(w.send.test).isChecked()).toBe(true);
    // The button waits for the sender list, which picks the organization's one sender.
    await expect.poll(() => page.getByRole('button', { name: w.send.submit }).isEnabled()).toBe(true);
    await page.getByLabel(w.send.to, { exact: true }).fill(TEST_DELIVERED);
    await page.getByLabel(w.send.body, { exact: true }).fill('Karibu dukani.');
    await page.getByRole('button', { name: w.send.submit }).click();
    const sent = page.getByRole('status');
    await sent.waitFor();
    expect(await sent.locator('.badge-test').textContent()).toBe(w.testMark);
    expect(await env.sql('select test from messages where organization_id = ?', [fresh.id])).toEqual([{ test: true }]);

    await page.goto(`${site.base}/#/messages`);
    const row = page.getByRole('row', { name: new RegExp(TEST_DELIVERED.replace('+', '\\+')) });
    await row.waitFor();
    // Marked beside its status, and on its price, which was never charged.
    expect(await row.locator('.badge-test').count()).toBe(2);
    expect(await row.textContent()).toContain(w.testAmount.replace('{{amount}}', 'TZS 20.00'));
    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: new RegExp(w.testMark) }).waitFor();
    expect(await page.getByText(w.detail.testNote).count()).toBe(1);
  });

  test("the messages CSV of the list's days and filters: a plain link, fetched with the member's session", async ({ page }) => {
    const w = words('en').messages;
    await signIn(page, site.base, org.members.owner!);
    await page.goto(`${site.base}/#/messages?mode=live&status=delivered&from=2026-11-22&to=2026-11-22`);
    const download = page.getByRole('link', { name: w.export.download });
    await expect.poll(() => download.getAttribute('href')).toBe('/v1/messages.csv?from=2026-11-22&to=2026-11-23&mode=live&status=delivered');
    const href = (await download.getAttribute('href'))!;
    const file = await page.request.get(`${site.base}${href}`);
    expect(file.status()).toBe(200);
    const lines = (await file.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^message_id,created_at_eat,mode,status,/);
    // The day's live messages that were delivered: the failed one and the test message are left out.
    expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual([ids[DELIVERED], ids[RECEIPTED_TWICE]].sort());
    // Without the member's session the same address is refused.
    expect((await fetch(`${site.base}${href}`)).status).toBe(401);
  });

  test('the wallet in Kiswahili: the ledger CSV of a range of days, fetched from its link', async ({ swPage: page }) => {
    const w = words('sw');
    await signIn(page, site.base, org.members.owner!, 'sw');
    await page.goto(`${site.base}/#/wallet`);
    await page.getByRole('heading', { level: 1, name: w.money.title }).waitFor();
    const range = page.getByRole('region', { name: w.money.export.heading });
    await range.getByLabel(w.messages.export.from).fill('2026-11-22');
    await range.getByLabel(w.messages.export.until).fill('2026-11-22');
    const download = range.getByRole('link', { name: w.messages.export.download });
    await expect.poll(() => download.getAttribute('href')).toBe('/v1/wallet/ledger.csv?from=2026-11-22&to=2026-11-23');
    const file = await page.request.get(`${site.base}${(await download.getAttribute('href'))!}`);
    expect(file.status()).toBe(200);
    const entries = await env.sql<{ n: string }>('select count(*) as n from ledger_entries where organization_id = ?', [org.id]);
    const lines = (await file.text()).trim().split('\n');
    expect(lines.length - 1).toBe(Number(entries[0]!.n));
    expect(lines.length - 1).toBeGreaterThan(1);
    await page.getByRole('table', { name: w.money.ledger.caption }).waitFor();
    await keep(page, 'wallet-sw.png');

    // The monthly statement: its months by the service's clock (November 2026 and the 12 before), its CSV's link,
    // and its printable page whose totals are the figures wallet.statement gives.
    const chooser = page.getByRole('region', { name: w.statement.chooser.heading });
    await expect.poll(() => chooser.getByLabel(w.statement.chooser.month).locator('option').count()).toBe(13);
    expect(await chooser.getByLabel(w.statement.chooser.month).inputValue()).toBe('2026-11');
    expect(await chooser.getByRole('link', { name: w.statement.chooser.download }).getAttribute('href')).toBe('/v1/wallet/statements/2026-11.csv');
    await chooser.getByRole('link', { name: w.statement.chooser.open }).click();
    await page.getByRole('table', { name: w.statement.totals.caption }).waitFor();
    const input = encodeURIComponent(JSON.stringify({ month: '2026-11' }));
    const figures = (await (await page.request.get(`${site.base}/trpc/wallet.statement?input=${input}`)).json()).result.data.statement;
    const cents = async (kind: string) => Number((await page.getByTestId(`total-${kind}`).textContent())!.replace(/[^\d-]/g, ''));
    for (const kind of ['top_ups', 'charges', 'releases', 'refunds', 'holds', 'adjustments']) expect([kind, await cents(kind)]).toEqual([kind, figures.totals[kind].amount]);
    expect(figures.totals.top_ups.amount).toBe(1_000_000);
    expect(await page.getByTestId('statement-organization').textContent()).toBe(figures.organization.name);
    await keep(page, 'statement-sw.png');
    // On paper the menu and the buttons are left off.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#main-nav').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: w.statement.page.print }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});
