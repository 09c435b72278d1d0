// The administration pages in Chromium against the real service: an API key made, rotated and revoked on the page
// and tried over REST; a webhook endpoint receiving a delivery (sender running) seen with its attempts and sent
// again; members' roles changed (members join by invitation: accounts.test.ts); a top-up requested and the low-balance threshold set in TZS;
// a top-up paid by mobile money through the payment simulator, credited or refused in plain words; the pages on a 360 px phone.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { sendDueWebhooks } from '../../workers/webhook-sender.ts';
import { parseTzs, tzsInputText } from '../../dashboard/src/money/amount-input.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';
import { SCREENSHOTS, figure, serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

let env: TestEnv;
let site: DashboardServer;
let hooks: { url: string; received: string[]; close(): Promise<void> };

/** A receiver on 127.0.0.1 that answers every delivery 200 and keeps the bodies. */
async function startReceiver(): Promise<typeof hooks> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

beforeAll(async () => {
  // The receiver listens on the loopback address, which endpoints may name only when the configuration allows it.
  env = await setupTestEnv({ webhooksAllowLoopback: true });
  site = await serveDashboard(env);
  hooks = await startReceiver();
  fs.mkdirSync(PAGES, { recursive: true });
});

afterAll(async () => {
  await site?.close();
  await hooks?.close();
});

const PAGES = path.join(SCREENSHOTS, 'pages');

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openPage(page: Page, link: string, title = link) {
  await nav(page).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

const wallet = (secret: string) => request(env.app).get('/v1/wallet').set(bearer(secret));

describe('administration pages', () => {
  test('TZS typed as text becomes integer cents by its digits', () => {
    expect(parseTzs('12,345.50')).toEqual({ ok: true, cents: 1_234_550 });
    expect(parseTzs('TZS 1,000')).toEqual({ ok: true, cents: 100_000 });
    expect(parseTzs(' 0.1 ')).toEqual({ ok: true, cents: 10 });
    // 0.29 and 1.15 are where floating point goes wrong (0.29 * 100 = 28.999…).
    expect(parseTzs('0.29')).toEqual({ ok: true, cents: 29 });
    expect(parseTzs('1.15')).toEqual({ ok: true, cents: 115 });
    expect(parseTzs('90,071,992,547,409.91')).toEqual({ ok: true, cents: 9_007_199_254_740_991 });
    for (const bad of ['', '12.345', '1,23', '12,34,567', '-5', '1e3', '12.', 'abc', '90,071,992,547,409.92']) expect(parseTzs(bad).ok, bad).toBe(false);
    expect(parseTzs('12.345')).toEqual({ ok: false, problem: 'format' });
    expect(parseTzs('90,071,992,547,409.92')).toEqual({ ok: false, problem: 'tooLarge' });
    // A threshold shown in its input reads back as the same cents, whatever the language shown.
    for (const cents of [0, 5, 100_025, 1_234_550, 9_007_199_254_740_991]) expect(parseTzs(tzsInputText(cents)), String(cents)).toEqual({ ok: true, cents });
    expect(tzsInputText(100_025)).toBe('1,000.25');
  });

  test('an API key made on the page works over REST within its scopes; rotated, both secrets work in the grace; revoked, it is refused', async ({ page }) => {
    const org = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
    const keys = () => env.sql<{ mode: string; scopes: string[]; revoked_at: Date | null }>('select mode, scopes, revoked_at from api_keys where organization_id = ? order by created_at, id', [org.id]);
    await signIn(page, site.base, org.members.owner!);
    await openPage(page, 'API keys');

    // No scope ticked: the service's refusal stands by the scopes, and no key is made.
    await page.getByLabel('Name').fill('Shop backend');
    await page.getByRole('radio', { name: /^Live/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('group', { name: 'Scopes' }).getByRole('alert').waitFor();
    expect(await keys()).toEqual([]);

    await page.getByRole('checkbox', { name: /wallet:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(secret).toMatch(/^ujm_live_/);
    expect(await page.getByRole('region', { name: /Your new key/ }).textContent()).toContain('you will not see it again');
    expect(await keys()).toMatchObject([{ mode: 'live', scopes: ['wallet:read'], revoked_at: null }]);
    expect((await wallet(secret)).status).toBe(200);
    const beyond = await request(env.app).get('/v1/messages').set(bearer(secret));
    expect(beyond.status).toBe(403);
    expect(beyond.body.error.code).toBe('insufficient_scope');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect(await page.content()).not.toContain(secret);
    const row = page.getByRole('row').filter({ hasText: 'Shop backend' });
    expect(await row.textContent()).toContain('wallet:read');

    await page.getByRole('button', { name: 'Rotate the key Shop backend' }).click();
    expect(await page.getByLabel('The old key keeps working for').inputValue()).toBe('24');
    await page.getByRole('button', { name: 'Rotate key', exact: true }).click();
    const rotated = await page.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(rotated).toMatch(/^ujm_live_/);
    expect(rotated).not.toBe(secret);
    expect((await wallet(rotated)).status).toBe(200);
    expect((await wallet(secret)).status).toBe(200);
    // The service's clock reads 22 Nov 2026, 09:00 UTC: the grace ends a day later, shown in Dar es Salaam.
    const old = page.getByRole('row').filter({ hasText: 'Rotated, works until 23 Nov 2026, 12:00 EAT' });
    await old.waitFor();
    await page.getByRole('button', { name: 'I have saved it' }).click();

    const active = page.getByRole('row').filter({ hasText: 'Active' });
    await active.getByRole('button', { name: 'Revoke the key Shop backend' }).click();
    await active.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByRole('row').filter({ hasText: /Revoked/ }).waitFor();
    const refused = await wallet(rotated);
    expect(refused.status).toBe(401);
    expect((await keys()).map((k) => k.revoked_at !== null)).toEqual([false, true]);
    // Revoking the replacement leaves the old key its grace.
    expect((await wallet(secret)).status).toBe(200);

    // The audit log names who did it, in EAT, filtered by action.
    await page.goto(`${site.base}/#/audit-log?action=api_key.rotated`);
    const audit = page.getByRole('table', { name: 'Audit events, newest first' });
    await audit.getByRole('row', { name: new RegExp(org.members.owner!.email.replace(/[.+]/g, '\\$&')) }).waitFor();
    expect(await audit.getByRole('row').count()).toBe(2);
    expect(await audit.textContent()).toContain('22 Nov 2026, 12:00 EAT');
  });

  test('a marketer has no API keys in the menu, and #/api-keys is not found', async ({ page }) => {
    const org = await createOrg(env, { members: { marketer: 'marketer' }, keys: {} });
    await signIn(page, site.base, org.members.marketer!);
    const links = await nav(page).getByRole('link').allTextContents();
    expect(links).toContain('Sender IDs');
    expect(links).not.toContain('API keys');
    expect(links).not.toContain('Members');
    await page.goto(`${site.base}/#/api-keys`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });

  test('a webhook endpoint made on the page receives an event; its delivery and attempt are shown and sent again', async ({ page }) => {
    const org = await createOrg(env, { senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }], members: { owner: 'owner' } });
    await signIn(page, site.base, org.members.owner!);
    await openPage(page, 'Webhooks');
    await page.getByLabel('URL').fill(hooks.url);
    await page.getByLabel('Description (optional)').fill('CRM');
    await page.getByRole('radio', { name: /Only the types chosen/ }).check();
    await page.getByRole('checkbox', { name: 'message.delivered' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()).toMatch(/^whsec_/);
    const [endpoint] = await env.sql<{ id: string; url: string; event_types: string[] }>('select id, url, event_types from webhook_endpoints where organization_id = ?', [org.id]);
    expect(endpoint).toMatchObject({ url: hooks.url, event_types: ['message.delivered'] });

    // A test-key message is delivered at once: its event goes out with the sender's next round.
    const sent = await request(env.app).post('/v1/messages').set(bearer(org.keys.test!.secret)).set('X-Idempotency-Key', 'admin-e2e-hook')
      .send({ to: '+255754000110', from: 'UJUMBE', body: 'Habari', client_ref: 'admin-e2e-hook' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const before = hooks.received.length;
    await sendDueWebhooks(env.deps);
    expect(hooks.received.length).toBe(before + 1);

    await page.getByRole('link', { name: hooks.url }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();
    const deliveries = page.getByRole('table', { name: 'Deliveries to this endpoint, newest first' });
    const delivery = deliveries.getByRole('row').filter({ hasText: 'message.delivered' });
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('Delivered');
    expect(await delivery.textContent()).toContain('HTTP 200');
    await delivery.getByRole('button', { name: 'Attempts' }).click();
    const attempts = page.getByRole('table', { name: 'Attempts of the delivery' });
    await attempts.waitFor();
    expect(await attempts.getByRole('row').count()).toBe(2);
    expect(await attempts.getByRole('row').nth(1).textContent()).toContain('200');

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => delivery.textContent(), { timeout: 8000 }).toContain('Pending');
    await sendDueWebhooks(env.deps);
    expect(hooks.received.length).toBe(before + 2);
    // The page follows a pending delivery: the second attempt appears without a reload.
    await expect.poll(() => attempts.getByRole('row').count(), { timeout: 8000 }).toBe(3);
    expect(await delivery.textContent()).toContain('Delivered');
    const [count] = await env.sql<{ n: number }>('select count(*)::int as n from webhook_attempts where organization_id = ?', [org.id]);
    expect(count!.n).toBe(2);

    // Disabled by hand: the service records it, with the reason shown.
    await page.getByRole('checkbox', { name: /Enabled/ }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await env.sql('select enabled from webhook_endpoints where id = ?', [endpoint!.id])).toEqual([{ enabled: false }]);
    await expect.poll(() => figure(page, 'State').textContent()).toContain('disabled by a member');
  });

  test('members: a role changed; the last owner keeps the owner role, and the page says why', async ({ page }) => {
    const org = await createOrg(env, { members: { owner: 'owner', developer: 'developer' }, keys: {} });
    const owner = org.members.owner!;
    const email = org.members.developer!.email;
    const roleOf = async (who: string) => (await env.sql<{ role: string }>('select role from members where organization_id = ? and email = ?', [org.id, who]))[0]?.role;
    await signIn(page, site.base, owner);
    await openPage(page, 'Members');

    await page.getByLabel(`Role of ${email}`, { exact: true }).selectOption('analyst');
    // Before it is given, the role chosen says what it may do: an analyst reads, and keeps no address book.
    const may = await page.getByRole('list', { name: 'What a member with the role Analyst may do' }).textContent();
    expect(may).toContain('See messages, their delivery and their cost');
    expect(may).not.toContain('Send single messages');
    await page.getByRole('button', { name: `Change the role of ${email}` }).click();
    await expect.poll(() => roleOf(email)).toBe('analyst');
    await expect.poll(() => page.getByRole('row').filter({ hasText: email }).textContent()).toContain('Analyst');

    await page.getByLabel(`Role of ${owner.email}`, { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: `Change the role of ${owner.email}` }).click();
    const refusal = page.getByRole('row').filter({ hasText: owner.email }).getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('The organization must keep at least one owner.');
    expect(await roleOf(owner.email)).toBe('owner');
  });

  test('members: a new role or a removal that revokes API keys says which first; a key re-assigned there keeps working', async ({ page }) => {
    const org = await createOrg(env, { members: { owner: 'owner', admin: 'admin', developer: 'developer' }, keys: {} });
    const dev = org.members.developer!;
    const developer = await signInAs(env, dev);
    const makeKey = async (name: string, scopes: string[]) =>
      (await developer.agent.post('/v1/api-keys').set('X-CSRF-Token', developer.csrf).send({ name, mode: 'live', scopes })).body.data as { api_key: { redacted: string }; secret: string };
    const sender = await makeKey('Shop sender', ['messages:send']);
    const reader = await makeKey('Shop reader', ['messages:read']);
    const messages = (secret: string) => request(env.app).get('/v1/messages').set(bearer(secret));
    await signIn(page, site.base, org.members.owner!);
    await openPage(page, 'Members');

    // An analyst may not send: the change asks first and names the key it revokes, not the one it keeps.
    await page.getByLabel(`Role of ${dev.email}`, { exact: true }).selectOption('analyst');
    await page.getByRole('button', { name: `Change the role of ${dev.email}` }).click();
    const revokedByRole = page.getByRole('list', { name: `API keys revoked with ${dev.email}` });
    await revokedByRole.waitFor();
    const listed = await revokedByRole.textContent();
    expect(listed).toContain('Shop sender');
    expect(listed).toContain(sender.api_key.redacted);
    expect(listed).toContain('messages:send');
    expect(listed).not.toContain('Shop reader');
    await page.getByRole('button', { name: 'Yes, change the role' }).click();
    await expect.poll(async () => (await env.sql<{ role: string }>('select role from members where id = ?', [dev.id]))[0]?.role).toBe('analyst');
    expect((await request(env.app).post('/v1/messages').set(bearer(sender.secret)).set('X-Idempotency-Key', 'e2e-1').send({ to: '+255754000013', from: 'UJUMBE', body: 'x', client_ref: 'e2e' })).status).toBe(401);
    expect((await messages(reader.secret)).status).toBe(200);

    // The removal lists the key still held; re-assigned to the admin there, it is no longer listed and survives.
    await page.getByRole('button', { name: `Remove ${dev.email}` }).click();
    // Within the removal's own question: on a loaded machine the role change's may not have closed yet.
    const revokedByRemoval = page.getByRole('group', { name: `Remove ${dev.email}` }).getByRole('list', { name: `API keys revoked with ${dev.email}` });
    await revokedByRemoval.waitFor();
    expect(await revokedByRemoval.textContent()).toContain('Shop reader');
    await page.getByLabel('New holder of the key Shop reader').selectOption(org.members.admin!.id);
    await page.getByRole('button', { name: 'Re-assign Shop reader' }).click();
    await page.getByRole('group', { name: `Remove ${dev.email}` }).getByText('No API key is revoked.').waitFor();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByRole('row').filter({ hasText: dev.email }).waitFor({ state: 'detached' });
    expect((await messages(reader.secret)).status).toBe(200);
    expect(await env.sql('select held_by_member_id from api_keys where name = ? and organization_id = ?', ['Shop reader', org.id])).toEqual([{ held_by_member_id: org.members.admin!.id }]);
  });

  test('a top-up requested in TZS is pending with its exact cents; the low-balance threshold is set the same way', async ({ page }) => {
    const org = await createOrg(env, { credit: 500_000n, members: { owner: 'owner' }, keys: {} });
    const requests = () => env.sql('select amount, method, reference, status from top_up_requests where organization_id = ?', [org.id]);
    await signIn(page, site.base, org.members.owner!);
    await openPage(page, 'Top-ups');
    await page.getByLabel('Amount paid (TZS)').fill('12.345');
    await page.getByLabel('Paid by').selectOption('mobile_money');
    await page.getByLabel('Payment reference').fill('MPESA-QX12');
    await page.getByRole('button', { name: 'Request top-up' }).click();
    const amountError = page.locator('.field', { has: page.getByLabel('Amount paid (TZS)') }).getByRole('alert');
    await amountError.waitFor();
    expect(await page.getByLabel('Amount paid (TZS)').getAttribute('aria-invalid')).toBe('true');
    expect(await requests()).toEqual([]);

    await page.getByLabel('Amount paid (TZS)').fill('12,345.50');
    await page.getByRole('button', { name: 'Request top-up' }).click();
    await page.getByRole('status').filter({ hasText: 'is pending' }).waitFor();
    expect(await requests()).toEqual([{ amount: '1234550', method: 'mobile_money', reference: 'MPESA-QX12', status: 'pending' }]);
    const row = page.getByRole('table', { name: 'Top-up requests, newest first' }).getByRole('row').filter({ hasText: 'MPESA-QX12' });
    await row.waitFor();
    expect(await row.textContent()).toContain('TZS 12,345.50');
    expect(await row.textContent()).toContain('Pending');
    // A request moves no money.
    expect(await env.sql('select available from wallets where organization_id = ?', [org.id])).toEqual([{ available: '500000' }]);

    await openPage(page, 'Wallet settings');
    await page.getByLabel('Alert when the available balance falls below (TZS)').fill('1,000.25');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    await expect.poll(() => figure(page, 'Alert below').textContent()).toBe('TZS 1,000.25');
    expect(await env.sql('select low_balance_threshold from wallets where organization_id = ?', [org.id])).toEqual([{ low_balance_threshold: '100025' }]);
  });

  test('sender IDs show both approvals by traffic class, and a new one is requested', async ({ page }) => {
    const org = await createOrg(env, { senders: [{ name: 'DUKA', classes: ['transactional'], routeApproved: false }], members: { owner: 'owner' }, keys: {} });
    await signIn(page, site.base, org.members.owner!);
    await openPage(page, 'Sender IDs');
    const duka = page.getByRole('row').filter({ hasText: 'DUKA' });
    await duka.waitFor();
    expect(await duka.getByRole('cell').allTextContents()).toEqual(['DUKA', 'Approved', 'Not requested', 'Waiting for the route', expect.stringContaining('EAT')]);
    await page.getByLabel('Sender ID', { exact: true }).fill('SOKONI');
    await page.getByRole('checkbox', { name: 'Promotional' }).check();
    await page.getByRole('button', { name: 'Request sender ID' }).click();
    await page.getByRole('row').filter({ hasText: 'SOKONI' }).waitFor();
    expect(await env.sql('select name, requested_classes from sender_ids where organization_id = ? and name = ?', [org.id, 'SOKONI'])).toEqual([
      { name: 'SOKONI', requested_classes: ['transactional', 'promotional'] },
    ]);
  });

  test('TZS 10,000 paid by M-Pesa from the wallet page is credited, and the balance grows by exactly that', async ({ page }) => {
    const org = await createOrg(env, { credit: 500_000n, members: { owner: 'owner' }, keys: {} });
    await env.sql('insert into member_phones (member_id, organization_id, phone, verified_at, created_at, updated_at) values (?, ?, ?, now(), now(), now())', [org.members.owner!.id, org.id, '+255754000130']);
    // The page's own clock, to jump over the three minutes it follows a payment for.
    await page.clock.install();
    await signIn(page, site.base, org.members.owner!);
    await openPage(page, 'Wallet');
    await expect.poll(() => figure(page, 'Available').textContent()).toBe('TZS 5,000.00');
    await page.getByRole('link', { name: 'Top up', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Top-ups' }).waitFor();
    const form = page.getByRole('form', { name: 'Pay by mobile money' });
    await form.getByLabel('Pay with').selectOption('mpesa');
    await page.getByText('Payments here are simulated: no real money moves.').waitFor();
    // The owner's verified number is offered: a Vodacom number ending in 0, which the simulator pays after its callback delay.
    await expect.poll(() => form.getByLabel('Mobile number').inputValue()).toBe('+255754000130');
    await form.getByLabel('Amount (TZS)').fill('10,000');
    await form.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Check your phone and enter your PIN').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Check your phone' }).textContent()).toContain('M-Pesa is asking +255754000130 to pay TZS 10,000.00');
    await page.screenshot({ path: path.join(PAGES, 'top-up-waiting-en.png'), fullPage: true });
    await page.getByText('TZS 10,000.00 credited to your wallet.').waitFor({ timeout: 20_000 });
    await page.getByText('Available now: TZS 15,000.00.').waitFor();
    await page.screenshot({ path: path.join(PAGES, 'top-up-credited-en.png'), fullPage: true });
    expect(await env.sql('select available from wallets where organization_id = ?', [org.id])).toEqual([{ available: '1500000' }]);
    expect((await (await signInAs(env, org.members.owner!)).agent.get('/v1/wallet')).body.data.wallet.available).toBe(1_500_000);

    // A payment never answered (a number ending in 6) is followed for three minutes, then left to the service.
    await page.getByRole('button', { name: 'Make another payment' }).click();
    await form.getByLabel('Mobile number').fill('0754 000 136');
    await form.getByLabel('Amount (TZS)').fill('2,000');
    await form.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Check your phone and enter your PIN').waitFor();
    await page.clock.fastForward('03:00');
    await page.getByText('The payment is still being checked').waitFor();

    await openPage(page, 'Wallet');
    await expect.poll(() => figure(page, 'Available').textContent()).toBe('TZS 15,000.00');
  });

  test('in Kiswahili the wallet shows the paybill, and a payment from a wallet with too little money says so in plain words', async ({ swPage: page }) => {
    const sw = words('sw');
    const org = await createOrg(env, { credit: 500_000n, members: { owner: 'owner' }, keys: {} });
    await signIn(page, site.base, org.members.owner!, 'sw');
    await page.getByRole('navigation', { name: sw.shell.mainMenu }).getByRole('link', { name: sw.shell.nav.wallet, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: sw.money.paybill.heading }).waitFor();
    await page.getByRole('button', { name: sw.money.paybill.copyReference }).waitFor();
    await page.screenshot({ path: path.join(PAGES, 'wallet-paybill-sw.png'), fullPage: true });
    await page.getByRole('link', { name: sw.money.topUpLink, exact: true }).click();
    const form = page.getByRole('form', { name: sw.money.pay.heading });
    await form.getByLabel(sw.money.pay.phone).fill('0754 000 131');
    await form.getByLabel(sw.money.pay.amount).fill('10000');
    // The first answer is lost on the way: the service started the payment, the page saw only a broken connection.
    let answers = 0;
    await page.route('**/trpc/wallet.startMobileMoneyTopUp**', async (route) => {
      if (answers++ > 0) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await form.getByRole('button', { name: sw.money.pay.submit, exact: true }).click();
    await form.getByRole('alert').filter({ hasText: sw.common.unreachable }).waitFor();
    // Sent again, the same attempt keeps its idempotency key: the service answers the payment it started, never a second prompt.
    await form.getByRole('button', { name: sw.money.pay.submit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: sw.money.failure.insufficient_funds.replaceAll('{{provider}}', 'M-Pesa') }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(PAGES, 'top-up-failed-sw.png'), fullPage: true });
    const pushed = await env.sql<{ transaction_id: string }>('select status, failure_code, provider, payer_phone, amount, transaction_id from top_up_requests where organization_id = ?', [org.id]);
    expect(pushed).toHaveLength(1);
    const failed = pushed[0];
    expect(failed).toEqual({ status: 'failed', failure_code: 'insufficient_funds', provider: 'mpesa', payer_phone: '+255754000131', amount: '1000000', transaction_id: expect.any(String) });
    expect(await env.sql('select available from wallets where organization_id = ?', [org.id])).toEqual([{ available: '500000' }]);
    // The list says the same: the wallet, the number, the aggregator's id, the status and why, in Kiswahili.
    const row = page.getByRole('table', { name: sw.money.topUps.caption }).getByRole('row').filter({ hasText: '+255754000131' });
    await row.waitFor();
    for (const shown of ['M-Pesa', failed!.transaction_id, sw.codes.failed, sw.money.failure.insufficient_funds.replaceAll('{{provider}}', 'M-Pesa')]) {
      expect(await row.textContent()).toContain(shown);
    }
  });

  test('on a 360 px phone the administration pages do not overflow sideways, nor break the Content-Security-Policy', async ({ page }) => {
    const org = await createOrg(env, { credit: 100_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }], members: { owner: 'owner' } });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, site.base, org.members.owner!);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${site.base}/#/api-keys`);
    await page.getByRole('row').filter({ hasText: 'ujm_live_' }).waitFor();
    expect(await overflow()).toBe(0);
    await page.getByLabel('Name').fill('A name long enough to wrap on a small phone screen');
    await page.getByRole('checkbox', { name: /messages:send/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('textbox', { name: 'Secret key' }).waitFor();
    await page.getByRole('button', { name: 'Rotate the key live' }).click();
    expect(await overflow(), 'the API keys page with a secret shown and a rotation open').toBe(0);
    for (const hash of ['#/webhooks', '#/members', '#/account', '#/sender-ids', '#/top-ups', '#/wallet-settings', '#/audit-log']) {
      await page.goto(`${site.base}/${hash}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(), hash).toBe(0);
    }
    expect(violations).toEqual([]);
  });
});
