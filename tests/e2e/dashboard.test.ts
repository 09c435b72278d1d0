// The dashboard in Chromium against the real service: sign in, the overview's figures, the live counter, a live
// message sent and followed to its delivery (dispatcher and SMSC simulator running), a phone's screen, headers.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { bearer, createOrg, signInAs, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import type { Page } from 'playwright-core';
import type { Language } from '../../core/domain/languages.ts';
import { figure, serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

let env: TestEnv;
let org: OrgFixture;
let low: OrgFixture;
let site: DashboardServer;
let simulator: SmscSimulator;
let provider: SmsProvider;
let dispatcher: { stop(): Promise<void> };

/** The simulator decides by the last two digits: 10 is delivered, 93 never answers the submit (unknown, still held). */
const DELIVERED = '+255754000110';
const NO_ANSWER = '+255754000293';
const SENT_FROM_PAGE = '+255754000310';
const TEST_DELIVERED = '+255754000415';

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 500 });
  const sender = { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true };
  org = await createOrg(env, { credit: 1_234_500n, senders: [sender], members: { owner: 'owner', analyst: 'analyst' } });
  low = await createOrg(env, { credit: 50_000n, members: { owner: 'owner' }, keys: {} });
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 50 });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 10, submitTimeoutMs: 500, logger: { info: () => {}, warn: () => {} } });
  dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 10, idleMs: 20, flushMs: 10 });
  site = await serveDashboard(env);
  // Today's traffic before the member looks: one message delivered (charged), one unknown (its hold kept).
  for (const to of [DELIVERED, NO_ANSWER]) {
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `seed-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `seed-${to}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  }
  await waitForStatuses({ [DELIVERED]: 'delivered', [NO_ANSWER]: 'unknown' });
  // The second organization's alert threshold is above its balance.
  const owner = await signInAs(env, low.members.owner!);
  const patched = await owner.agent.patch('/v1/wallet').set('X-CSRF-Token', owner.csrf).send({ low_balance_threshold: 100_000 });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
});

afterAll(async () => {
  await site?.close();
  await dispatcher?.stop();
  await provider?.close();
  await simulator?.close();
});

async function waitForStatuses(want: Record<string, string>) {
  for (let i = 0; ; i++) {
    const found = await env.sql<{ to_phone: string; status: string }>('select to_phone, status from messages where organization_id = ?', [org.id]);
    if (Object.entries(want).every(([to, status]) => found.some((m) => m.to_phone === to && m.status === status))) return;
    if (i > 200) throw new Error(`the seeded messages did not end as expected: ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('dashboard', () => {
  test('a wrong password shows the server’s message; signing in opens the shell; a 401 and signing out go back to sign-in', async ({ page }) => {
    await page.goto(`${site.base}/`);
    await page.getByLabel('Email').fill(org.members.owner!.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The email address or the password is wrong.');

    await page.getByLabel('Password').fill(org.members.owner!.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const header = page.getByRole('banner');
    expect(await header.textContent()).toContain(`Test org`);
    expect(await header.textContent()).toContain(org.members.owner!.email);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Overview', 'Send a message', 'Messages', 'Wallet']));

    // The session ends behind the page's back: the next call's 401 brings the sign-in page back.
    await page.context().clearCookies();
    await nav.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });

  test('the menu follows the permissions: an analyst reads messages and the wallet but cannot send', async ({ page }) => {
    await signIn(page, site.base, org.members.analyst!);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = await nav.getByRole('link').allTextContents();
    expect(links).toEqual(expect.arrayContaining(['Overview', 'Messages', 'Wallet']));
    expect(links).not.toContain('Send a message');
    await page.goto(`${site.base}/#/send`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });

  test('the overview shows the balance in TZS, today’s messages by status, the service and the sending window', async ({ page }) => {
    await signIn(page, site.base, org.members.owner!);
    // 12,345.00 credited; two messages of TZS 20.00: one delivered (charged), one unknown (held).
    await figure(page, 'Held').waitFor();
    expect(await figure(page, 'Held').textContent()).toBe('TZS 20.00');
    expect(await figure(page, 'Available').textContent()).toBe('TZS 12,305.00');
    const today = page.getByRole('list', { name: 'Today’s messages by status' });
    await today.waitFor();
    expect(await today.locator('li[data-status=delivered] .count').textContent()).toBe('1');
    expect(await today.locator('li[data-status=unknown] .count').textContent()).toBe('1');
    expect(await today.locator('li[data-status=failed] .count').textContent()).toBe('0');
    // The service's clock reads 09:00 UTC; the browser is in London, the dashboard in Dar es Salaam.
    expect(await figure(page, 'Service time').textContent()).toBe('22 Nov 2026, 12:00 EAT');
    expect(await figure(page, 'SMS route').textContent()).toMatch(/GSM 03\.38/);
    expect(await page.locator('#window-state').textContent()).toBe('Open now');
    expect(await figure(page, 'Next opening').textContent()).toBe('23 Nov 2026, 08:00 EAT');
    expect(await page.locator('.banner-warning').count()).toBe(0);
  });

  test('a wallet under its alert threshold shows the low-balance banner', async ({ page }) => {
    await signIn(page, site.base, low.members.owner!);
    const banner = page.locator('.banner-warning');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('The available balance, TZS 500.00, is below your alert threshold of TZS 1,000.00.');
  });

  test('the live counter names the character that makes the body UCS-2', async ({ page }) => {
    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('link', { name: 'Send a message' }).click();
    const counter = page.locator('#body-counter');
    await page.getByLabel('Message', { exact: true }).fill('Habari yako');
    await expect.poll(() => counter.textContent()).toContain('11 characters');
    expect(await counter.textContent()).toContain('GSM-7');
    await page.getByLabel('Message', { exact: true }).fill('Habari yako 🙂 karibu');
    await expect.poll(() => counter.textContent()).toContain('UCS-2');
    expect(await counter.locator('.counter-ucs2').textContent()).toContain('🙂 (U+1F642)');
    expect(await counter.textContent()).toContain('1 segment');
    expect(await counter.textContent()).toContain('TZS 20.00');
  });

  test('a live message: a field error by its field, then sent, listed, and delivered in its detail view', async ({ page }) => {
    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('link', { name: 'Send a message' }).click();
    await expect.poll(() => page.getByLabel('From (sender ID)').inputValue()).toBe('UJUMBE');
    const count = async () => Number((await env.sql<{ n: string }>('select count(*) as n from messages where organization_id = ?', [org.id]))[0]!.n);
    const before = await count();
    await page.getByLabel('To', { exact: true }).fill('12345');
    await page.getByLabel('Message', { exact: true }).fill('Mzigo wako umefika.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const toError = page.locator('.field', { has: page.getByLabel('To', { exact: true }) }).getByRole('alert');
    await toError.waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await count()).toBe(before);

    await page.getByLabel('To', { exact: true }).fill(SENT_FROM_PAGE);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.locator('.alert-success').waitFor();
    expect(await page.locator('.alert-success').textContent()).toContain(`TZS 20.00 for 1 segment to ${SENT_FROM_PAGE}`);
    expect(await count()).toBe(before + 1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    const row = page.getByRole('row', { name: new RegExp(SENT_FROM_PAGE.replace('+', '\\+')) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Mzigo wako umefika.');
    // A filter reaches the server: members send live messages only, so none is in test mode.
    await page.goto(`${site.base}/#/messages?mode=test`);
    await page.getByText('No message matches.').waitFor();
    await page.goBack();
    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Message' }).waitFor();
    // The page asks again while the message is on its way; the simulator's receipt makes it delivered.
    await expect.poll(() => figure(page, 'Status').textContent(), { timeout: 15_000 }).toBe('Delivered');
    const receipts = page.getByRole('table', { name: 'Delivery receipts from the operator' });
    expect(await receipts.getByRole('row').count()).toBe(2);
    expect(await receipts.textContent()).toContain('Delivered');
    const attempts = page.getByRole('table', { name: 'Attempts to hand the message to the SMS route' });
    expect(await attempts.textContent()).toContain('Submitted');
    expect(await figure(page, 'Price').textContent()).toBe('TZS 20.00 (charged)');
  });

  test('a test message: completed at once by its last digit, delivered in its detail view, nothing charged', async ({ page }) => {
    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('link', { name: 'Send a message' }).click();
    await expect.poll(() => page.getByLabel('From (sender ID)').inputValue()).toBe('UJUMBE');
    const wallet = async () => (await env.sql<{ available: string; held: string }>('select available, held from wallets where organization_id = ?', [org.id]))[0];
    const before = await wallet();
    await page.getByLabel('Test (simulated, never charged)').check();
    await page.getByLabel('To', { exact: true }).fill(TEST_DELIVERED);
    await page.getByLabel('Message', { exact: true }).fill('Jaribio la ujumbe.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.locator('.alert-success').waitFor();
    expect(await page.locator(".alert-success").textContent()).toContain(`Test message to ${TEST_DELIVERED}: Delivered. Nothing was sent to a phone and nothing was charged.`);
    const rows = await env.sql<{ test: boolean; status: string }>('select test, status from messages where organization_id = ? and to_phone = ?', [org.id, TEST_DELIVERED]);
    expect(rows).toEqual([{ test: true, status: 'delivered' }]);
    expect(await wallet()).toEqual(before);
    await page.getByRole('link', { name: 'Follow its delivery' }).click();
    await page.getByRole('heading', { level: 1, name: 'Message' }).waitFor();
    expect(await figure(page, 'Status').textContent()).toBe('Delivered');
    expect(await page.getByRole('table', { name: 'Delivery receipts from the operator' }).textContent()).toContain('Delivered');
  });

  test('on a 360 px phone the menu opens the navigation and nothing overflows sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, site.base, org.members.owner!);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    expect(await overflow()).toBe(0);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.getByRole('row').first().waitFor();
    expect(await nav.isVisible()).toBe(false);
    expect(await overflow()).toBe(0);
    for (const hash of ['#/send', '#/wallet']) {
      await page.goto(`${site.base}/${hash}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(), hash).toBe(0);
    }
  });

  test('/ carries the security headers, and the pages run without breaking the Content-Security-Policy', async ({ page }) => {
    const res = await fetch(`${site.base}/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=/);

    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await signIn(page, site.base, org.members.owner!);
    for (const hash of ['#/send', '#/messages', '#/wallet']) {
      await page.goto(`${site.base}/${hash}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    expect(violations).toEqual([]);
  });

  test('a form’s own checks speak Kiswahili: a message sent without its text is stopped at the field, in the words of the language shown', async ({ swPage: page }) => {
    await signIn(page, site.base, org.members.owner!, 'sw');
    await page.goto(`${site.base}/#/send`);
    const send = page.locator('form button[type=submit]');
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    // The server's schema says "Too small: expected string to have >=1 characters"; the page says it in Kiswahili.
    await page.locator('.field-error', { hasText: words('sw').common.checks.required }).first().waitFor();
    expect(await page.locator('.field-error').allTextContents()).not.toContainEqual(expect.stringMatching(/Too small|expected/));
  });

  test('the reports page draws deliveryReport’s figures by day and by operator, its tables saying the same, in English', async ({ page }) => {
    await reportMatchesDeliveryReport(page, 'en');
  });

  test('the reports page draws deliveryReport’s figures by day and by operator, its tables saying the same, in Kiswahili', async ({ swPage }) => {
    await reportMatchesDeliveryReport(swPage, 'sw');
  });
});

interface GraphqlRow {
  day: string | null;
  operator: string | null;
  messages: number;
  deliveryRate: number | null;
  spendCents: number;
}

/** deliveryReport as GraphQL answers the signed-in member (the page's session) for the page's default range: the 14 days up to the service's day (22 Nov 2026). */
async function deliveryReport(page: Page, groupBy: 'DAY' | 'OPERATOR'): Promise<GraphqlRow[]> {
  const query = `{ deliveryReport(from: "2026-11-09T00:00:00+03:00", to: "2026-11-23T00:00:00+03:00", groupBy: [${groupBy}]) { day operator messages deliveryRate spendCents } }`;
  const answer = await page.evaluate(async (q) => {
    const res = await fetch('/graphql', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: q }) });
    return res.json();
  }, query);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data.deliveryReport;
}

/** Each bar's value (data-value) and each table cell beside it, by the figure and the row's key (a day, an operator). */
async function drawn(page: Page, name: string): Promise<Record<string, { bar: number | null; cell: string }>> {
  const fig = page.locator(`figure[data-figure="${name}"]`);
  await fig.locator('svg[role="img"]').waitFor();
  return fig.evaluate((el) => {
    const out: Record<string, { bar: number | null; cell: string }> = {};
    for (const row of el.querySelectorAll('tbody tr')) {
      const key = row.getAttribute('data-key')!;
      const bar = el.querySelector(`rect[data-key="${key}"]`);
      out[key] = { bar: bar ? Number(bar.getAttribute('data-value')) : null, cell: row.querySelector('td')!.textContent ?? '' };
    }
    return out;
  });
}

async function reportMatchesDeliveryReport(page: Page, language: Language): Promise<void> {
  const w = words(language);
  await signIn(page, site.base, org.members.owner!, language);
  await page.getByRole('navigation', { name: w.shell.mainMenu }).getByRole('link', { name: w.shell.nav.reports }).click();
  await page.getByRole('heading', { level: 1, name: w.reports.title }).waitFor();
  const [byDay, byOperator] = [await deliveryReport(page, 'DAY'), await deliveryReport(page, 'OPERATOR')];
  // The seeded live messages (one delivered and charged, one unknown and held) and whatever the other tests sent today.
  expect(byDay.map((r) => r.day)).toEqual(['2026-11-22']);
  expect(byOperator.length).toBeGreaterThan(0);
  for (const [by, rows] of [['day', byDay], ['operator', byOperator]] as const) {
    const messages = await drawn(page, `messages-by-${by}`);
    const rates = await drawn(page, `delivery-rate-by-${by}`);
    const spend = await drawn(page, `spend-by-${by}`);
    for (const row of rows) {
      const key = by === 'day' ? row.day! : row.operator!.toLowerCase();
      expect(messages[key]?.bar, `messages of ${key}`).toBe(row.messages);
      expect(rates[key]?.bar, `delivery rate of ${key}`).toBe(row.deliveryRate);
      expect(spend[key]?.bar, `spend of ${key}`).toBe(row.spendCents);
      // The table beside says the same figures as the language writes them.
      expect(messages[key]?.cell).toBe(new Intl.NumberFormat(language === 'en' ? 'en-TZ' : 'sw-TZ').format(row.messages));
      expect(spend[key]?.cell).toBe(`TZS ${new Intl.NumberFormat(language === 'en' ? 'en-TZ' : 'sw-TZ').format(Math.trunc(row.spendCents / 100))}.${String(row.spendCents % 100).padStart(2, '0')}`);
    }
    // By day, every day of the range has its row; the days without messages have no messages and no spend.
    if (by === 'day') {
      expect(Object.keys(messages)).toHaveLength(14);
      for (const [day, shown] of Object.entries(messages)) if (day !== '2026-11-22') expect(shown.bar, day).toBe(0);
    }
  }
  // A range longer than a report may span: the service's refusal, said in the language shown by its code.
  await page.goto(`${site.base}/#/reports?from=2025-01-01&to=2026-11-22`);
  const refusal = page.getByRole('alert').first();
  await refusal.waitFor();
  // English keeps the service's own words, which name the limit; Kiswahili says the code's sentence.
  expect(await refusal.textContent()).toBe(language === 'en' ? 'to: a report spans at most 400 days' : w.common.errors.validation_failed);
}

