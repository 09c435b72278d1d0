// The dashboard's shared pieces in Chromium against the real service: an action keeps its idempotency key when
// its answer is lost, a form refuses what the server's schema refuses before sending anything, and a list's
// filters live in the page's address.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { serveDashboard, signIn, test, type DashboardServer } from './fixture.ts';

let env: TestEnv;
let org: OrgFixture;
let site: DashboardServer;

/** A test message to this number is delivered at once (its last digit). */
const RETRIED = '+255754000515';

beforeAll(async () => {
  env = await setupTestEnv();
  const sender = { name: 'UJUMBE', classes: ['transactional'] as 'transactional'[], routeApproved: true };
  org = await createOrg(env, { credit: 100_000n, senders: [sender], members: { owner: 'owner' }, keys: {} });
  site = await serveDashboard(env);
});

afterAll(async () => {
  await site?.close();
});

describe('actions, forms and lists', () => {
  test('a send whose answer is lost is sent again under the same key: the service answers the first send, and one message exists', async ({ page }) => {
    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('link', { name: 'Send a message' }).click();
    await expect.poll(() => page.getByLabel('From (sender ID)').inputValue()).toBe('UJUMBE');
    await page.getByLabel('Test (simulated, never charged)').check();
    await page.getByLabel('To', { exact: true }).fill(RETRIED);
    await page.getByLabel('Message', { exact: true }).fill('Jaribio: jibu limepotea.');
    // The service receives the send and answers it; the page never gets the answer.
    await page.route('**/trpc/**', async (route) => {
      if (!route.request().url().includes('messages.send')) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').filter({ hasText: 'could not be reached' }).waitFor();
    const sent = () => env.sql('select status from messages where organization_id = ? and to_phone = ?', [org.id, RETRIED]);
    expect(await sent()).toEqual([{ status: 'delivered' }]);

    await page.unroute('**/trpc/**');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').filter({ hasText: 'had already been sent; nothing was sent again' }).waitFor();
    expect(await sent()).toEqual([{ status: 'delivered' }]);
  });

  test("a form refuses a value the server's schema refuses at its field, before anything is sent", async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('members.invite')) calls.push(r.url());
    });
    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('neema@example');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const refusal = page.locator('.field', { has: email }).getByRole('alert');
    await refusal.waitFor();
    // The words of ZEmail, the schema the server checks the same field with.
    expect(await refusal.textContent()).toBe('an email address');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    expect(await env.sql('select email from invitations where organization_id = ?', [org.id])).toEqual([]);
  });

  test("a list's filter is kept in the page's address: applied, reloaded and cleared", async ({ page }) => {
    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Top-ups' }).click();
    await page.getByRole('heading', { level: 1, name: 'Top-ups' }).waitFor();
    const filters = page.getByRole('search', { name: 'Filter top-up requests' });
    await filters.getByLabel('Status').selectOption('declined');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/top-ups?status=declined');
    await page.getByText('No top-up request.').waitFor();
    await page.reload();
    await page.getByText('No top-up request.').waitFor();
    expect(await page.getByRole('search', { name: 'Filter top-up requests' }).getByLabel('Status').inputValue()).toBe('declined');
    await page.getByRole('search', { name: 'Filter top-up requests' }).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/top-ups');
  });
});
