// Accounts in Chromium, in English and in Kiswahili: a mobile number verified by the code texted to it and a
// forgotten password reset by a code texted the same way, each SMS really leaving over SMPP to the simulator; a
// password changed on the account page; an SMS alert turned off there and still off after a reload; an invitation
// sent from the members page and accepted from its link.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { createOrg, drainJobs, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';
import { codeTextedTo, startSmsDispatch } from '../support/accounts.ts';
import type { SimulatedSubmit } from '../../workers/providers/smsc-simulator.ts';
import type { Language } from '../../core/domain/languages.ts';
import { SCREENSHOTS, serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

const PAGES = path.join(SCREENSHOTS, 'pages');

let env: TestEnv;
let site: DashboardServer;
let submits: SimulatedSubmit[];

beforeAll(async () => {
  env = await setupTestEnv();
  // No mail: the SMS is the only way a code leaves.
  env.deps.mailer = null;
  site = await serveDashboard(env);
  ({ submits } = await startSmsDispatch(env));
  fs.mkdirSync(PAGES, { recursive: true });
});

afterAll(async () => {
  await site?.close();
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });


/**
 * On the account page: the password changed, then the number set and verified with the code the simulator received.
 * Then signed out, the password forgotten and reset with a second code, and signed in with it.
 */
async function verifyThenReset(page: Page, language: Language, phone: { typed: string; e164: string }, screenshots: { account?: string; reset?: string }) {
  const w = words(language).account;
  const org = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
  const owner = org.members.owner!;
  const changed = `${language} mvua ndege kikapu taa 2031`;
  const reset = `${language} jua mlima bahari nyota 2032`;
  await signIn(page, site.base, owner, language);
  await page.goto(`${site.base}/#/account`);
  await page.getByRole('heading', { level: 1, name: w.page.title }).waitFor();

  await field(page, w.changePassword.current).fill(owner.password);
  await field(page, w.changePassword.new).fill(changed);
  await button(page, w.changePassword.submit).click();
  // The only session was this one: none other ended.
  await page.getByRole('status').filter({ hasText: w.changePassword.doneAlone }).waitFor();
  await signInAs(env, { email: owner.email, password: changed });

  // No verified number yet: the SMS alerts say so and lead to the number's field.
  const toPhone = page.getByRole('link', { name: /<phone>(.*)<\/phone>/.exec(w.smsAlerts.noPhone)![1]!, exact: true });
  await toPhone.click();
  expect(await field(page, w.phone.number).evaluate((e) => e === document.activeElement)).toBe(true);

  await field(page, w.phone.number).fill(phone.typed);
  await button(page, w.phone.save).click();
  const first = await codeTextedTo(submits, phone.e164, 1);
  await field(page, w.phone.code).fill(first);
  await button(page, w.phone.verify).click();
  await page.getByRole('status').filter({ hasText: w.phone.verifiedNow }).waitFor();
  expect(await page.getByRole('status').filter({ hasText: phone.e164 }).first().textContent()).toContain(w.phone.verified.split('{{at}}')[0]!.replace('{{number}}', phone.e164));
  expect(await env.sql('select phone, verified_at is not null as verified from member_phones where member_id = ?', [owner.id])).toEqual([{ phone: phone.e164, verified: true }]);
  await toPhone.waitFor({ state: 'detached' });

  // An owner gets both alerts until choosing; the low-balance one turned off stays off after a reload.
  const lowBalance = page.getByRole('checkbox', { name: w.smsAlerts.alerts.low_balance, exact: true });
  expect(await lowBalance.isChecked()).toBe(true);
  await lowBalance.click();
  await expect.poll(() => env.sql('select sms_alerts from members where id = ?', [owner.id])).toEqual([{ sms_alerts: ['top_up_receipt'] }]);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: w.page.title }).waitFor();
  expect(await lowBalance.isChecked()).toBe(false);
  expect(await page.getByRole('checkbox', { name: w.smsAlerts.alerts.top_up_receipt, exact: true }).isChecked()).toBe(true);
  if (screenshots.account) await page.screenshot({ path: path.join(PAGES, screenshots.account), fullPage: true });

  await button(page, words(language).shell.signOut).click();
  await page.getByRole('link', { name: w.forgotPassword }).click();
  await page.getByRole('heading', { level: 1, name: w.reset.title }).waitFor();
  await field(page, w.email).fill(owner.email);
  await button(page, w.reset.sendCode).click();
  await field(page, w.reset.code).waitFor();
  // The code leaves from the reset's job, which a worker runs.
  await drainJobs(env);
  const second = await codeTextedTo(submits, phone.e164, 2);
  await field(page, w.reset.code).fill(second === '000000' ? '111111' : '000000');
  await field(page, w.reset.newPassword).fill(reset);
  await button(page, w.reset.setPassword).click();
  // In English the service's own words; in Kiswahili the dashboard's, by the refusal's code.
  const refusal = page.locator('.field', { has: field(page, w.reset.code) }).getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain(language === 'sw' ? w.refusals.code_invalid : 'The code is wrong');
  if (screenshots.reset) await page.screenshot({ path: path.join(PAGES, screenshots.reset), fullPage: true });
  await field(page, w.reset.code).fill(second);
  await button(page, w.reset.setPassword).click();
  await page.getByRole('status').filter({ hasText: w.reset.done }).waitFor();
  await page.getByRole('link', { name: w.backToSignIn }).click();
  await signIn(page, site.base, { email: owner.email, password: reset }, language);
}

describe('accounts', () => {
  test('English: a password changed, a number verified by its texted code, then a forgotten password reset by SMS code', async ({ page }) => {
    await verifyThenReset(page, 'en', { typed: '0754 300 510', e164: '+255754300510' }, {});
  });

  test('Kiswahili: a password changed, a number verified by its texted code, then a forgotten password reset by SMS code', async ({ swPage }) => {
    await verifyThenReset(swPage, 'sw', { typed: '+255 754 300 511', e164: '+255754300511' }, { account: 'account-sw.png', reset: 'reset-password-sw.png' });
  });

  test('an invitation sent in Kiswahili with the role described, and accepted from its link in English', async ({ swPage, page }) => {
    const org = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
    const sw = words('sw').people;
    const email = `mchambuzi.${org.id.slice(0, 8)}@example.com`;
    await signIn(swPage, site.base, org.members.owner!, 'sw');
    await swPage.goto(`${site.base}/#/members`);
    await swPage.getByRole('heading', { level: 1, name: sw.members.title }).waitFor();
    await field(swPage, sw.invite.email).fill(email);
    await field(swPage, sw.invite.role).selectOption('analyst');
    // The role's permissions, from the table the server enforces: an analyst reads messages, never the address book.
    const may = swPage.getByRole('list', { name: sw.roles.mayDo.replace('{{role}}', words('sw').codes.analyst) }).first();
    expect(await may.textContent()).toContain(sw.permissions.messages.read);
    expect(await may.textContent()).not.toContain(sw.permissions.contacts.read);
    await button(swPage, sw.invite.submit).click();
    const link = await swPage.getByRole('textbox', { name: sw.invite.linkLabel }).inputValue();
    const token = /#\/invitation\/([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
    expect(token, link).toBeDefined();
    const row = swPage.getByRole('table', { name: sw.invitations.caption }).getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain(sw.invitations.states.pending);
    await swPage.locator('details', { hasText: words('sw').codes.marketer }).locator('summary').click();
    await swPage.screenshot({ path: path.join(PAGES, 'members-roles-sw.png'), fullPage: true });
    expect(await env.sql('select count(*)::int as n from members where email = ?', [email])).toEqual([{ n: 0 }]);

    const en = words('en').account;
    // A link cut short is no invitation's link, and the page says so without asking the service.
    await page.goto(`${site.base}/#/invitation/${token!.slice(0, 20)}`);
    await field(page, en.invitation.name).fill('Neema Mchambuzi');
    await field(page, en.invitation.password).fill('pwani mvua nyota jua 2033');
    await button(page, en.invitation.accept).click();
    await page.getByRole('alert').filter({ hasText: en.refusals.invitation_not_found }).waitFor();

    await page.goto(`${site.base}/#/invitation/${token}`);
    await page.getByRole('heading', { level: 1, name: en.invitation.title }).waitFor();
    await field(page, en.invitation.name).fill('Neema Mchambuzi');
    await field(page, en.invitation.password).fill('pwani mvua nyota jua 2033');
    await page.screenshot({ path: path.join(PAGES, 'invitation-en.png'), fullPage: true });
    await button(page, en.invitation.accept).click();
    await page.getByRole('heading', { level: 1, name: words('en').shell.title }).waitFor();
    expect(await env.sql('select role, name from members where organization_id = ? and email = ?', [org.id, email])).toEqual([{ role: 'analyst', name: 'Neema Mchambuzi' }]);
    await signInAs(env, { email, password: 'pwani mvua nyota jua 2033' });

    // The link works once: opened again (here by the new member, signed in), it is refused and nobody else is made.
    await page.goto(`${site.base}/#/invitation/${token}`);
    await field(page, en.invitation.name).fill('Mtu Mwingine');
    await field(page, en.invitation.password).fill('pwani mvua nyota jua 2034');
    await button(page, en.invitation.accept).click();
    await page.getByRole('alert').filter({ hasText: en.refusals.invitation_used }).waitFor();
    expect(await env.sql('select count(*)::int as n from members where organization_id = ?', [org.id])).toEqual([{ n: 2 }]);

    // The link has been used: the invitation is listed as accepted.
    await swPage.reload();
    await row.waitFor();
    expect(await row.textContent()).toContain(sw.invitations.states.accepted);
  });
});
