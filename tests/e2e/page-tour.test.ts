// Every page of the menu, as an owner sees it with some data, at desk and phone size: it opens with its heading,
// every control has a name a screen reader reads, nothing scrolls sideways, nothing breaks the Content-Security-
// Policy, and a screenshot of each is kept under tests/e2e/screenshots/pages/ (the pages as they last looked).
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { bearer, createOrg, signInAs, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { SCREENSHOTS, serveDashboard, signIn, test, type DashboardServer } from './fixture.ts';

const PAGES = path.join(SCREENSHOTS, 'pages');

let env: TestEnv;
let org: OrgFixture;
let site: DashboardServer;

beforeAll(async () => {
  env = await setupTestEnv();
  const sender = { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true };
  org = await createOrg(env, { credit: 5_000_000n, senders: [sender], members: { owner: 'owner', marketer: 'marketer' } });
  site = await serveDashboard(env);
  // Something on most pages: test messages (completed at once), a contact, a group, an opt-out.
  for (const to of ['+255754000110', '+255754000111', '+255754000118']) {
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.test!.secret)).set('X-Idempotency-Key', `tour-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `tour-${to}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  }
  const owner = await signInAs(env, org.members.owner!);
  const post = (url: string, body: object) => owner.agent.post(url).set('X-CSRF-Token', owner.csrf).send(body);
  expect((await post('/v1/contacts', { phone: '+255754000210', name: 'Asha Mrisho', consent: { note: 'signed up at the shop' } })).status).toBeLessThan(300);
  expect((await post('/v1/groups', { name: 'Wateja' })).status).toBe(201);
  expect((await post('/v1/opt-outs', { phone: '+255754000211', reason: 'asked to stop' })).status).toBe(201);
  fs.rmSync(PAGES, { recursive: true, force: true });
  fs.mkdirSync(PAGES, { recursive: true });
});

afterAll(async () => {
  await site?.close();
});

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

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

/** Whether the page is wider than the window (something scrolls sideways). */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

describe('every page of the menu', () => {
  test('opens with its heading, names every control, fits a 360 px phone and keeps to the security policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await signIn(page, site.base, org.members.owner!);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    for (const label of labels) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await unnamedControls(page), `unnamed controls on ${label}`).toEqual([]);
      await page.screenshot({ path: path.join(PAGES, `${slug(label)}.png`), fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.waitForTimeout(100);
      expect(await overflowsSideways(page), `${label} scrolls sideways at 360 px`).toBe(false);
      await page.screenshot({ path: path.join(PAGES, `${slug(label)}-phone.png`), fullPage: true });
      // The phone layout folds the menu behind a button; open it again for the next page.
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
      seen.push(label);
    }
    expect(seen).toEqual(labels);
    expect(violations).toEqual([]);
    expect(fs.readdirSync(PAGES).length).toBe(labels.length * 2);
  });
});
