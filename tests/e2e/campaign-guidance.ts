// Steps of the campaign pages' browser tests that run in either language: a promotional draft made on the page and
// scheduled for the sending window's next opening, and a launched campaign's figures read against the API's, then
// copied as a new draft. Words are read from the dashboard's own translations, never retyped.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Language } from '../../core/domain/languages.ts';
import type { OrgFixture, TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, launchOver, recipientRows, type Caller } from '../support/campaigns.ts';
import { setSendingWindow } from '../../core/app/platform/settings.ts';
import { SCREENSHOTS, figure, signIn, words, type DashboardServer } from './fixture.ts';

const PAGES = path.join(SCREENSHOTS, 'pages');

export async function keepScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(PAGES, { recursive: true });
  await page.screenshot({ path: path.join(PAGES, `${name}.png`), fullPage: true });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A translation with its {{values}} as wildcards, to find a text whose values the test does not fix. */
export function pattern(text: string): RegExp {
  return new RegExp(`^${text.split(/\{\{\w+\}\}/).map(escape).join('.+')}$`);
}

/** The campaign as the API answers it (GET /v1/campaigns/{id}). */
export async function apiCampaign(who: Caller, id: string): Promise<Record<string, any>> {
  const res = await call(who, 'get', `/v1/campaigns/${id}`);
  expect(res.status).toBe(200);
  return res.body.data.campaign;
}

/** Cents as the dashboard shows them in both languages ("TZS 1,250.00"). */
export function tzs(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}TZS ${Math.trunc(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Makes a promotional draft over a group on the editor page, in the page's language; the draft's page opens. */
export async function makeDraft(page: Page, base: string, language: Language, draft: { name: string; group: string; body: string }) {
  const w = words(language);
  await page.goto(`${base}/#/campaigns/new`);
  await page.getByRole('heading', { level: 1, name: w.campaigns.list.newCampaign }).waitFor();
  await page.getByLabel(w.campaigns.form.name).fill(draft.name);
  await page.getByRole('radio', { name: w.codes.promotional }).check();
  await page.getByRole('checkbox', { name: new RegExp(escape(draft.group)) }).check();
  await page.getByLabel(w.campaigns.form.message, { exact: true }).fill(draft.body);
  // The sender is chosen for the class once the senders are loaded; until then the draft cannot be created.
  const create = page.getByRole('button', { name: w.campaigns.form.createDraft });
  await expect.poll(() => create.isEnabled()).toBe(true);
  await create.click();
  await page.getByRole('heading', { level: 1, name: draft.name }).waitFor();
}

/**
 * With the window closed, the quoted draft offers no launch now, only its next opening (`button`, as the button
 * names it), kept as a screenshot; the confirmation says when it starts (`time`). Leaves the page at the confirmation.
 */
export async function scheduleForNextOpening(page: Page, language: Language, button: RegExp, time: string) {
  const w = words(language).campaigns;
  await page.getByRole('button', { name: w.quote.get }).click();
  const schedule = page.getByRole('button', { name: pattern(w.launch.scheduleNextOpening) });
  await schedule.waitFor();
  expect(await schedule.textContent()).toMatch(button);
  expect(await page.getByRole('button', { name: w.launch.launchNow }).count()).toBe(0);
  await keepScreenshot(page, `campaign-window-closed-${language}`);
  await schedule.click();
  const details = await page.locator('#launch-confirm-details').textContent();
  expect(details).toContain(w.launch.startingAt.replace('{{time}}', ''));
  expect(details).not.toContain(w.launch.startingNow);
  expect(details).toContain(time);
}

/** The launched campaign's page shows the API's money, delivery, handed-to-sending count and text, in `language`. */
export async function expectLaunchedFigures(page: Page, language: Language, api: Record<string, any>) {
  const w = words(language).campaigns;
  const { money, delivery } = api.launch;
  const rate = new Intl.NumberFormat(language === 'sw' ? 'sw-TZ' : 'en-TZ', { style: 'percent', maximumFractionDigits: 1 }).format(delivery.rate);
  await expect.poll(() => figure(page, w.money.captured).textContent()).toBe(tzs(money.captured));
  const shown = Object.fromEntries(
    await Promise.all(
      [w.money.reserved, w.money.released, w.money.held, w.money.rate, w.money.delivered, w.money.answered, w.launched.handedToSending].map(async (l) => [
        l,
        await figure(page, l).textContent(),
      ]),
    ),
  );
  expect(shown).toEqual({
    [w.money.reserved]: tzs(money.reserved),
    [w.money.released]: tzs(money.released),
    [w.money.held]: tzs(money.held),
    [w.money.rate]: rate,
    [w.money.delivered]: String(delivery.delivered),
    [w.money.answered]: String(delivery.answered),
    [w.launched.handedToSending]: String(api.launch.handed_to_sending),
  });
  expect(await page.locator('#sent-text-heading ~ .message-body').textContent()).toBe(api.body);
}

/** "Copy as new draft" opens the copy, a draft in the database with the original's text. */
export async function copyAsNewDraft(page: Page, env: TestEnv, language: Language, original: { name: string; body: string }) {
  const w = words(language).campaigns;
  await page.getByRole('button', { name: w.copy.action }).click();
  await page.getByRole('heading', { level: 1, name: `${original.name} (copy)` }).waitFor();
  await page.getByText(w.copy.copied).waitFor();
  const [copy] = await env.sql<{ id: string; status: string; body: string }>('select id, status, body from campaigns where name = ?', [`${original.name} (copy)`]);
  expect(copy).toMatchObject({ status: 'draft', body: original.body });
  expect(page.url()).toContain(`#/campaigns/${copy!.id}`);
}

/** A platform window closed at 12:00 EAT, and what the page and the database then say of its next opening. */
export interface ClosedWindow {
  window: [opens: string, closes: string];
  /** The launch button's words. */
  button: RegExp;
  /** The start as the confirmation says it. */
  time: string;
  /** The instant the campaign is scheduled at. */
  startsAt: string;
}

/** What a test file has set up: its database and organization, the site and a signed-in owner for the API. */
export interface GuidedFile {
  env: TestEnv;
  org: OrgFixture;
  site: DashboardServer;
  owner: Caller;
}

/**
 * In `language`: a promotional draft made on the page while the window is closed at the test clock's time (12:00
 * EAT) is scheduled for the next opening; a campaign launched meanwhile shows the API's money and rate, and is copied.
 */
export async function guidedCampaign(file: GuidedFile, page: Page, language: Language, closed: ClosedWindow) {
  const { env, org, site, owner } = file;
  const w = words(language).campaigns;
  const sent = await launchOver(env, owner, org.id, [campaignPhone('10'), campaignPhone('91'), campaignPhone('10')], { name: `Habari ${language}`, traffic_class: 'transactional' });
  const group = `Wateja ${language}`;
  const consented = [campaignPhone()];
  await createAudience(env, org.id, { name: group, phones: consented, consented });
  await setSendingWindow(await env.ctx(), ...closed.window);
  try {
    await signIn(page, site.base, org.members.owner!, language);
    await makeDraft(page, site.base, language, { name: `Ofa ${language}`, group, body: 'Ofa ya wiki hii: punguzo la asilimia 10.' });
    await scheduleForNextOpening(page, language, closed.button, closed.time);
    await page.getByRole('button', { name: pattern(w.launch.holdAndLaunch) }).click();
    await page.getByText(pattern(w.launched.justScheduled)).waitFor();
    const [scheduled] = await env.sql<{ status: string; starts_at: Date }>('select status, starts_at from campaigns where organization_id = ? and name = ?', [org.id, `Ofa ${language}`]);
    expect({ status: scheduled!.status, starts_at: new Date(scheduled!.starts_at).toISOString() }).toEqual({ status: 'scheduled', starts_at: closed.startsAt });
  } finally {
    await setSendingWindow(await env.ctx(), '08:00', '20:00');
  }
  await expect.poll(async () => (await recipientRows(env, sent.id)).map((r) => r.message_status), { timeout: 15_000 }).toEqual(['delivered', 'failed', 'delivered']);
  await page.goto(`${site.base}/#/campaigns/${sent.id}`);
  const api = await apiCampaign(owner, sent.id);
  await expectLaunchedFigures(page, language, api);
  await keepScreenshot(page, `campaign-launched-${language}`);
  await copyAsNewDraft(page, env, language, { name: sent.name, body: sent.body });
  return api;
}
