// Sending a message later from the dashboard in Chromium, and cancelling it from its page: a time past by the
// service's clock refused at the field before anything is sent, the service's own refusal shown in words on the
// field, the time shown in EAT, the price held and, after the cancel, back in the wallet. In Kiswahili, the form's
// words and the page's cancel.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { walletOf } from '../support/money.ts';
import { figure, serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

/** The service's clock: 22 Nov 2026, 12:00 in Dar es Salaam. */
const START = new Date('2026-11-22T09:00:00Z');

let env: TestEnv;
let org: OrgFixture;
let site: DashboardServer;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 1_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }], members: { owner: 'owner' } });
  site = await serveDashboard(env);
});

afterAll(async () => {
  await site?.close();
});

async function fillMessage(page: Page, language: 'en' | 'sw', to: string) {
  const w = words(language).messages;
  await expect.poll(() => page.getByRole('button', { name: w.send.submit }).isEnabled()).toBe(true);
  await page.getByLabel(w.send.to, { exact: true }).fill(to);
  await page.getByLabel(w.send.body, { exact: true }).fill('Kikao kesho saa tatu asubuhi.');
  await page.getByLabel(w.schedule.later).check();
}

const ledgerOf = async (id: string) => (await env.sql<{ kind: string; amount: string }>('select kind, amount::text as amount from ledger_entries where message_id = ? order by id', [id])).map((e) => `${e.kind} ${e.amount}`);

describe('sending a message later', () => {
  test('a past time is refused before sending, the service’s refusal is shown in words, then it is scheduled in EAT and cancelled with its price back in the wallet', async ({ page }) => {
    env.clock.set(START);
    const w = words('en').messages;
    const before = await walletOf(env, org.id);
    const to = '+255754550010';
    await signIn(page, site.base, org.members.owner!);
    await page.goto(`${site.base}/#/send`);
    await fillMessage(page, 'en', to);
    const at = page.getByLabel(w.schedule.at);
    const fieldError = page.locator('.field', { has: at }).getByRole('alert');

    // 11:00 in Dar es Salaam is an hour ago by the service's clock: refused at the field, nothing sent.
    await at.fill('2026-11-22T11:00');
    await page.getByRole('button', { name: w.send.submit }).click();
    await expect.poll(() => fieldError.textContent()).toContain('Choose a time at least a minute from now (22 Nov 2026, 12:');
    expect(await env.sql('select 1 from messages where organization_id = ?', [org.id])).toEqual([]);

    // The service's clock moves on after the page read it: the browser lets 12:30 through, the service refuses it,
    // and its words land on the field.
    env.clock.set(new Date(START.getTime() + 3_600_000));
    await at.fill('2026-11-22T12:30');
    await page.getByRole('button', { name: w.send.submit }).click();
    await expect.poll(() => fieldError.textContent()).toContain('send_at is less than a minute ahead');
    expect(await env.sql('select 1 from messages where organization_id = ?', [org.id])).toEqual([]);
    env.clock.set(START);

    await at.fill('2026-11-22T15:30');
    expect(await page.locator('.send-at-shown').textContent()).toContain('It will be sent on 22 Nov 2026, 15:30 EAT.');
    await page.getByRole('button', { name: w.send.submit }).click();
    const notice = page.getByRole('status');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Message scheduled for 22 Nov 2026, 15:30 EAT: TZS 20.00 for 1 segment to +255754550010 is held until it is sent.');
    const [m] = await env.sql<{ id: string; send_at: string; status: string }>('select id, send_at, status from messages where organization_id = ?', [org.id]);
    expect([new Date(m!.send_at).toISOString(), m!.status]).toEqual(['2026-11-22T12:30:00.000Z', 'accepted']);
    expect(await walletOf(env, org.id)).toMatchObject({ available: before.available - 2000n, held: before.held + 2000n });

    await notice.getByRole('link', { name: w.sent.follow }).click();
    await page.getByRole('heading', { name: w.schedule.waitingHeading }).waitFor();
    expect(await figure(page, w.schedule.scheduledFor).textContent()).toBe('22 Nov 2026, 15:30 EAT');
    await page.getByRole('button', { name: w.schedule.cancel }).click();
    await page.getByRole('button', { name: w.schedule.confirm }).click();
    const cancelled = page.getByRole('status');
    await expect.poll(() => cancelled.textContent()).toBe('Cancelled: it was never sent, and TZS 20.00 went back to the wallet.');
    await expect.poll(() => figure(page, w.detail.status).textContent()).toBe('Cancelled');
    expect(await page.getByRole('button', { name: w.schedule.cancel }).count()).toBe(0);
    expect(await walletOf(env, org.id)).toEqual(before);
    expect(await ledgerOf(m!.id)).toEqual(['hold 2000', 'release 2000']);

    // The wallet page agrees: nothing held.
    await page.goto(`${site.base}/#/wallet`);
    await expect.poll(() => figure(page, words('en').money.wallet.held).textContent()).toBe('TZS 0.00');
  });

  test('in Kiswahili: a test send offers no time, a live one is scheduled and cancelled from its page', async ({ swPage: page }) => {
    env.clock.set(START);
    const w = words('sw').messages;
    const before = await walletOf(env, org.id);
    await signIn(page, site.base, org.members.owner!, 'sw');
    await page.goto(`${site.base}/#/send`);
    await page.getByLabel(w.send.test).check();
    await page.getByText(w.schedule.liveOnly).waitFor();
    expect(await page.getByLabel(w.schedule.later).count()).toBe(0);

    await page.getByLabel(w.send.live).check();
    await fillMessage(page, 'sw', '+255754550020');
    await page.getByLabel(w.schedule.at).fill('2026-11-23T09:00');
    await page.getByRole('button', { name: w.send.submit }).click();
    await page.getByRole('status').getByRole('link', { name: w.sent.follow }).click();
    await page.getByRole('heading', { name: w.schedule.waitingHeading }).waitFor();
    expect(await figure(page, w.schedule.scheduledFor).textContent()).toContain('09:00 EAT');
    await page.getByRole('button', { name: w.schedule.cancel }).click();
    await page.getByRole('button', { name: w.schedule.confirm }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Umesitishwa');
    expect(await walletOf(env, org.id)).toEqual(before);
  });
});
