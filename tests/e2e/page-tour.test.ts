// Every page of the dashboard (the menu's and those reached from them), as an owner sees it with some data, at desk and phone size and
// in both languages: every control has a name a screen reader reads, text keeps AA contrast, nothing scrolls sideways, nothing breaks
// the Content-Security-Policy, no word is missing, and a screenshot of each is kept under tests/e2e/screenshots/pages/ (the pages as
// they last looked, named by page, size and language: reports-en.png, reports-sw.png, overview-phone-en.png...).
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { bearer, createOrg, signInAs, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { assignNumber, receive } from '../support/inbound-messages.ts';
import type { Language } from '../../core/domain/languages.ts';
import { SCREENSHOTS, serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

const PAGES = path.join(SCREENSHOTS, 'pages');

let env: TestEnv;
let org: OrgFixture;
let site: DashboardServer;
/** Pages reached from another page (a record's own page, a wizard's step): address → name of its screenshot. */
const DETAIL_PAGES: Record<string, string> = {};

beforeAll(async () => {
  env = await setupTestEnv({ webhooksAllowLoopback: true });
  const sender = { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true };
  org = await createOrg(env, { credit: 5_000_000n, senders: [sender], members: { owner: 'owner', marketer: 'marketer' } });
  site = await serveDashboard(env);
  // Something on most pages: test messages (completed at once), a contact, a group, an opt-out.
  for (const to of ['+255754000110', '+255754000111', '+255754000118']) {
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.test!.secret)).set('X-Idempotency-Key', `tour-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `tour-${to}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  }
  // And one live message, on its way (no dispatcher runs here), for the reports page's live figures.
  const live = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', 'tour-live').send({ to: '+255684000112', from: 'UJUMBE', body: 'Habari', client_ref: 'tour-live' });
  expect(live.status, JSON.stringify(live.body)).toBe(202);
  const owner = await signInAs(env, org.members.owner!);
  const post = (url: string, body: object) => owner.agent.post(url).set('X-CSRF-Token', owner.csrf).send(body);
  const contact = await post('/v1/contacts', { phone: '+255754000210', name: 'Asha Mrisho', consent: { note: 'signed up at the shop' } });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  const group = await post('/v1/groups', { name: 'Wateja' });
  expect(group.status).toBe(201);
  await post(`/v1/groups/${group.body.data.group.id}/members/add`, { contact_ids: [contact.body.data.contact.id] });
  expect((await post('/v1/opt-outs', { phone: '+255754000211', reason: 'asked to stop' })).status).toBe(201);
  const upload = await owner.agent.post('/v1/contact-imports?filename=wateja.csv').set('X-CSRF-Token', owner.csrf).set('Content-Type', 'text/csv').send('phone,name\n0754000220,Juma\n0754000221,Neema\n');
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const draft = await owner.agent.post('/v1/campaigns').set('X-CSRF-Token', owner.csrf).set('X-Idempotency-Key', 'tour-draft').send({ name: 'Mavuno', sender_id: 'UJUMBE', body: 'Habari! Bei mpya.', group_ids: [group.body.data.group.id] });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const endpoint = await post('/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks' });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  const message = (await owner.agent.get('/v1/messages?limit=1')).body.data.messages[0];
  // A conversation in the inbox, with a keyword.
  const shortCode = await assignNumber(env, org.id);
  await receive(env, { from: '+255754000210', to: shortCode, body: 'Habari, mnafungua saa ngapi?' });
  await receive(env, { from: '+255754000210', to: shortCode, body: 'STOP' });
  Object.assign(DETAIL_PAGES, {
    [`/messages/${message.id}`]: 'message',
    [`/contacts/${contact.body.data.contact.id}`]: 'contact',
    [`/groups/${group.body.data.group.id}`]: 'group',
    '/imports/new': 'import-upload',
    [`/imports/${upload.body.data.import.id}`]: 'import-columns',
    '/campaigns/new': 'campaign-new',
    // The month of the test clock (22 November 2026): its fixture's top-up and test messages.
    '/wallet/statement/2026-11': 'wallet-statement',
    [`/campaigns/${draft.body.data.campaign.id}`]: 'campaign-draft',
    [`/campaigns/${draft.body.data.campaign.id}/edit`]: 'campaign-edit',
    [`/webhooks/${endpoint.body.data.endpoint.id}`]: 'webhook-endpoint',
    [`/inbox/${encodeURIComponent('+255754000210')}`]: 'inbox-conversation',
  });
  // Other files save their screenshots here too, at the same time: each file overwrites its own, none empties the folder.
  fs.mkdirSync(PAGES, { recursive: true });
});

afterAll(async () => {
  await site?.close();
});

/** Controls a screen reader could not name: no label, no aria-label or aria-labelledby, no text (buttons, links). */
function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const named = (el: Element) => {
      const e = el as HTMLInputElement;
      if (e.getAttribute('aria-label')?.trim() || e.getAttribute('aria-labelledby')) return true;
      if ('labels' in e && e.labels && e.labels.length > 0 && [...e.labels].some((l) => l.textContent?.trim())) return true;
      if (el.tagName === 'BUTTON' || el.tagName === 'A') return Boolean(el.textContent?.trim() || el.getAttribute('title'));
      return false;
    };
    return [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button, a[href]')]
      .filter((el) => !named(el))
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

/**
 * Text whose contrast with what is behind it is under WCAG's AA: 4.5 to 1, or 3 to 1 for large text (24 px, or
 * 18.66 px bold). The background is the nearest opaque one among the element and its ancestors.
 */
function lowContrastText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c[3] ?? 1) >= 0.99) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own || !(el as HTMLElement).offsetParent && getComputedStyle(el).position !== 'fixed') continue;
      const style = getComputedStyle(el);
      const fg = luminance(rgba(style.color));
      const bg = luminance(background(el));
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) found.push(`${ratio.toFixed(2)}: ${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 40)}"`);
    }
    return found;
  });
}

/** Whether the page is wider than the window (something scrolls sideways). */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** A page's name in its screenshot's: its address ("#/wallet-settings" → "wallet-settings"), the same in both languages. */
const nameOf = (address: string) => address.replace(/^#?\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'overview';

const DESK = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

/**
 * One page as it stands: its heading, named controls, AA contrast, nothing sideways, no page-not-found, and its
 * screenshot (`<name>-<language>.png` at desk size, `<name>-phone-<language>.png` on a phone).
 */
async function checkPage(page: Page, address: string, name: string, language: Language, phone: boolean): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  // The page's data is in once no loading line is left; a quiet network is waited for a little more, but a page that
  // polls on a busy machine may never be quiet for long, and that is no fault of the page.
  await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
  expect(await heading.textContent(), address).not.toBe(words(language).shell.notFound.title);
  expect(await unnamedControls(page), `unnamed controls on ${address}`).toEqual([]);
  expect(await lowContrastText(page), `text under AA contrast on ${address}`).toEqual([]);
  if (phone) expect(await overflowsSideways(page), `${address} scrolls sideways at 360 px`).toBe(false);
  await page.screenshot({ path: path.join(PAGES, `${name}${phone ? '-phone' : ''}-${language}.png`), fullPage: true });
}

function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

/**
 * Every page of the menu, followed by its link, in one language at one size: English at desk size, Kiswahili on a
 * phone, so that each language is seen at each size across the tour while each page is opened twice, as before.
 */
async function menuTour(page: Page, language: Language, phone: boolean): Promise<void> {
  const w = words(language);
  const violations = watchPolicy(page);
  await page.setViewportSize(phone ? PHONE : DESK);
  await signIn(page, site.base, org.members.owner!, language);
  const nav = page.getByRole('navigation', { name: w.shell.mainMenu });
  const menu = page.getByRole('button', { name: w.shell.menu });
  // On a phone the menu is folded behind its button.
  if (phone) await menu.click();
  const addresses = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(addresses.length).toBeGreaterThanOrEqual(4);
  expect(addresses).toContain('#/reports');
  for (const address of addresses) {
    if (phone && !(await nav.isVisible())) await menu.click();
    await nav.locator(`a[href="${address}"]`).click();
    // The link marks its page as current (on a phone the menu has folded again: the link is hidden, still there).
    await page.locator(`#main-nav a[href="${address}"][aria-current="page"]`).waitFor({ state: 'attached' });
    await checkPage(page, address, nameOf(address), language, phone);
  }
  expect(violations).toEqual([]);
}

/** The pages reached from others, and the overview and the reports (of the test messages the tour sent), opened by their address. */
async function detailTour(page: Page, language: Language, phone: boolean): Promise<void> {
  const violations = watchPolicy(page);
  await page.setViewportSize(phone ? PHONE : DESK);
  await signIn(page, site.base, org.members.owner!, language);
  for (const [address, name] of Object.entries({ '/': 'overview', '/reports?mode=test': 'reports', ...DETAIL_PAGES })) {
    await page.goto(`${site.base}/#${address}`);
    await checkPage(page, address, name, language, phone);
  }
  expect(violations).toEqual([]);
}

describe('every page', () => {
  test('each page of the menu, in English at 1280 px, opens with its heading, names every control, keeps text at AA contrast and keeps to the security policy', async ({ page }) => {
    await menuTour(page, 'en', false);
  });

  test('each page of the menu, in Kiswahili on a 360 px phone, meets the same bar and does not scroll sideways', async ({ swPage }) => {
    await menuTour(swPage, 'sw', true);
  });

  test('the pages reached from others (a record, a wizard step, the editor), the overview and the reports, in Kiswahili at 1280 px', async ({ swPage }) => {
    await detailTour(swPage, 'sw', false);
  });

  test('the same pages in English on a 360 px phone', async ({ page }) => {
    await detailTour(page, 'en', true);
  });
});

describe('the keyboard alone', () => {
  test('signs in, skips to the content, walks the menu and opens a page, the focus always visible', async ({ page }) => {
    await page.goto(`${site.base}/`);
    const focusVisible = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return { text: (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim(), outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
      });
    // The sign-in form, field by field.
    await page.getByLabel('Email').focus();
    await page.keyboard.type(org.members.owner!.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(org.members.owner!.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    // The first stop is the skip link; following it puts the focus on the content.
    await page.keyboard.press('Tab');
    expect(await focusVisible()).toEqual({ text: 'Skip to content', outline: true });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // Back at the start, Tab walks into the menu; each stop shows the focus; Enter opens the page.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    let reached = null;
    for (let i = 0; i < 12 && reached?.text !== 'Contacts'; i++) {
      await page.keyboard.press('Tab');
      reached = await focusVisible();
      expect(reached?.outline, `the focus on ${reached?.text} is visible`).toBe(true);
    }
    expect(reached?.text).toBe('Contacts');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  });
});
