// The inbox in Chromium against the real service (dispatcher and SMSC simulator running): a message comes in
// (through storeInbound, as the SMPP receiver stores it), the member opens the inbox, sees the conversation unread,
// opens it (read), replies from the reply box, and the reply shows in the thread and is a transactional message
// in the database that the dispatcher hands to the simulator. In Kiswahili, the keywords are changed and saved.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { assignNumber, receive } from '../support/inbound-messages.ts';
import { serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

let env: TestEnv;
let org: OrgFixture;
let site: DashboardServer;
let simulator: SmscSimulator;
let provider: SmsProvider;
let dispatcher: { stop(): Promise<void> };
let code: string;
/** The simulator delivers a number ending in 10. */
const CUSTOMER = '+255754000310';

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 2_000 });
  const sender = { name: 'UJUMBE', classes: ['transactional'] as 'transactional'[], routeApproved: true };
  org = await createOrg(env, { credit: 1_000_000n, senders: [sender], members: { owner: 'owner', marketer: 'marketer' } });
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 20 });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 10, submitTimeoutMs: 2_000, logger: { info: () => {}, warn: () => {} } });
  dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 10, idleMs: 20, flushMs: 10 });
  site = await serveDashboard(env);
  code = await assignNumber(env, org.id);
});

afterAll(async () => {
  await site?.close();
  await dispatcher?.stop();
  await provider?.close();
  await simulator?.close();
});

describe('the inbox', () => {
  test('a member answers an inbound message from the inbox: the reply shows in the thread and leaves for the SMSC', async ({ page }) => {
    const w = words('en').inbox;
    await receive(env, { from: CUSTOMER.slice(1), to: code, body: 'Habari, mnafungua saa ngapi?' });
    await signIn(page, site.base, org.members.owner!);
    await page.getByRole('link', { name: words('en').shell.nav.inbox }).click();
    await page.getByRole('heading', { name: w.title }).waitFor();
    const conversation = page.getByRole('link', { name: w.conversations.open.replace('{{phone}}', CUSTOMER) });
    await expect.poll(() => conversation.textContent(), { timeout: 10_000 }).toContain('Habari, mnafungua saa ngapi?');
    expect(await conversation.textContent()).toContain(w.conversations.unread_one.replace('{{count}}', '1'));
    await conversation.click();

    const thread = page.getByRole('list', { name: w.thread.caption.replace('{{phone}}', CUSTOMER) });
    await thread.getByText('Habari, mnafungua saa ngapi?').waitFor();
    await expect.poll(async () => (await env.sql('select id from inbound_messages where organization_id = ? and read_at is null', [org.id])).length, { timeout: 10_000 }).toBe(0);

    await page.getByLabel(words('en').developers.senderSelect.label).selectOption('UJUMBE');
    await page.getByLabel(w.reply.body).fill('Tunafungua saa 2 asubuhi.');
    await page.getByRole('button', { name: w.reply.send }).click();
    await page.getByRole('status').getByText(w.reply.sent).waitFor();
    await thread.getByText('Tunafungua saa 2 asubuhi.').waitFor();

    const sent = () =>
      env.sql<{ status: string; traffic_class: string; sender: string; client_ref: string }>(
        'select status, traffic_class, sender, client_ref from messages where organization_id = ? and to_phone = ? and body = ?',
        [org.id, CUSTOMER, 'Tunafungua saa 2 asubuhi.'],
      );
    const [message, ...more] = await sent();
    expect(more).toEqual([]);
    expect(message).toMatchObject({ traffic_class: 'transactional', sender: 'UJUMBE' });
    expect(message!.client_ref).toMatch(/^inbox-/);
    // The dispatcher hands it to the simulator, whose receipt delivers it.
    await expect.poll(async () => (await sent())[0]!.status, { timeout: 15_000 }).toBe('delivered');
    // And the thread says so, once it asks again.
    await page.reload();
    await thread.locator('.inbox-out .badge', { hasText: words('en').codes.delivered }).waitFor();
  });

  test('in Kiswahili, a marketer changes the keywords and their confirmation', async ({ swPage }) => {
    const w = words('sw');
    await signIn(swPage, site.base, org.members.marketer!, 'sw');
    await swPage.getByRole('link', { name: w.shell.nav.keywords }).click();
    await swPage.getByRole('heading', { name: w.inbox.keywords.title }).waitFor();
    const optOut = swPage.getByLabel(w.inbox.keywords.optOutWords);
    await expect.poll(() => optOut.inputValue(), { timeout: 10_000 }).toBe('STOP ACHA SITAKI UNSUBSCRIBE');
    await optOut.fill('STOP ACHA BASI');
    await swPage.getByLabel(w.inbox.keywords.optOutReply).fill('Umejiondoa. Asante.');
    await swPage.getByRole('button', { name: w.inbox.keywords.save }).click();
    await swPage.getByRole('status').getByText(w.inbox.keywords.saved).waitFor();
    const [saved] = await env.sql<{ opt_out_words: string[]; opt_out_reply: string }>('select opt_out_words, opt_out_reply from keyword_settings where organization_id = ?', [org.id]);
    expect(saved).toEqual({ opt_out_words: ['STOP', 'ACHA', 'BASI'], opt_out_reply: 'Umejiondoa. Asante.' });
  });
});
