// The address book in Chromium against the real service: a contact and a group made through the pages and joined,
// a contact edited and deleted, an opt-out recorded and cleared, a CSV imported through the wizard (its jobs drained
// while the page polls) with its invalid row reported, the menu of a role without contacts.read, a phone's screen.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createOrg, drainJobs, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, figure, serveDashboard, signIn, test, words, type DashboardServer } from './fixture.ts';

const PAGES = path.join(SCREENSHOTS, 'pages');

let env: TestEnv;
let org: OrgFixture;
/** The organization of the tests in Kiswahili: its contact fields and contacts are its own. */
let swOrg: OrgFixture;
let site: DashboardServer;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { marketer: 'marketer', analyst: 'analyst' }, keys: {} });
  swOrg = await createOrg(env, { members: { marketer: 'marketer' }, keys: {} });
  fs.mkdirSync(PAGES, { recursive: true });
  site = await serveDashboard(env);
});

afterAll(async () => {
  await site?.close();
});

const sql = <T>(query: string, params: unknown[] = []) => env.sql<T>(query, params);
const contactCount = async () => (await sql<{ n: number }>('select count(*)::int as n from contacts where organization_id = ?', [org.id]))[0]!.n;

describe('address book', () => {
  test('a contact and a group made through the pages; the contact joins the group', async ({ page }) => {
    await signIn(page, site.base, org.members.marketer!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await page.locator('summary', { hasText: 'Add a contact' }).click();

    // A fixed-line number is refused next to its field, and nothing is written.
    const before = await contactCount();
    const phone = page.getByLabel('Phone number', { exact: true });
    await phone.fill('0222 123 456');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.locator('.field', { has: phone }).getByRole('alert').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await contactCount()).toBe(before);

    await phone.fill('0754 500 001');
    await page.getByLabel('Name (optional)').fill('Asha Juma');
    await page.getByLabel('This person agreed to receive promotional messages').check();
    await page.getByLabel('How consent was given').fill('Signed the paper form at the shop');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByRole('status').filter({ hasText: 'Contact added' }).waitFor();
    const [contact] = await sql<{ id: string; name: string }>("select id, name from contacts where organization_id = ? and phone = '+255754500001'", [org.id]);
    expect(contact?.name).toBe('Asha Juma');
    expect(await sql('select action, source, note from consent_records where contact_id = ?', [contact!.id])).toEqual([
      { action: 'consent_recorded', source: 'manual', note: 'Signed the paper form at the shop' },
    ]);
    await page.getByRole('row', { name: /\+255754500001/ }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
    await page.getByLabel('Group name').fill('Wateja wa Mwenge');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('status').filter({ hasText: 'Group created' }).getByRole('link', { name: 'Wateja wa Mwenge' }).click();
    await page.getByRole('heading', { level: 2, name: 'Wateja wa Mwenge' }).waitFor();
    const [group] = await sql<{ id: string }>("select id from groups where organization_id = ? and name = 'Wateja wa Mwenge'", [org.id]);
    expect(group).toBeDefined();

    // Three contacts found by a part of their name, ticked a page at once and added in one call.
    const seller = await signInAs(env, org.members.marketer!);
    for (const [phone, name] of [['0754500011', 'Asha Kidawa'], ['0754500012', 'Mwanaasha Said'], ['0754500013', 'Juma Bakari']]) {
      expect((await seller.agent.post('/v1/contacts').set('X-CSRF-Token', seller.csrf).send({ phone, name })).status).toBe(201);
    }
    await page.getByLabel('Name or number').fill('asha');
    await page.getByRole('button', { name: 'Find contacts' }).click();
    const found = page.getByRole('table', { name: 'Contacts found' });
    await found.getByRole('row', { name: /Mwanaasha Said/ }).waitFor();
    expect(await found.getByRole('row').count()).toBe(4);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Add 3 selected contacts to the group' }).click();
    await page.getByRole('status').filter({ hasText: '3 contacts added to the group.' }).waitFor();
    const members = page.getByRole('table', { name: 'Members of Wateja wa Mwenge' });
    await members.getByRole('row', { name: /Asha Kidawa/ }).waitFor();
    await expect.poll(() => figure(page, 'Members').textContent()).toBe('3');
    const joined = await sql<{ name: string }>('select c.name from group_members m join contacts c on c.id = m.contact_id where m.group_id = ? order by c.name', [group!.id]);
    expect(joined.map((r) => r.name)).toEqual(['Asha Juma', 'Asha Kidawa', 'Mwanaasha Said']);
    // Once in, the search offers none of them again.
    await expect.poll(() => found.getByText('In the group').count()).toBe(3);
    expect(await page.getByLabel('Select all on this page').count()).toBe(0);
  });

  test('a contact’s name and consent edited on its page, then deleted after a confirmation', async ({ page }) => {
    await signIn(page, site.base, org.members.marketer!);
    await page.goto(`${site.base}/#/contacts`);
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await page.locator('summary', { hasText: 'Add a contact' }).click();
    await page.getByLabel('Phone number', { exact: true }).fill('+255 754 500 003');
    await page.getByLabel('This person agreed to receive promotional messages').check();
    await page.getByLabel('How consent was given').fill('Asked at the counter');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByRole('status').getByRole('link', { name: '+255754500003' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    const [contact] = await sql<{ id: string }>("select id from contacts where organization_id = ? and phone = '+255754500003'", [org.id]);

    await page.getByLabel('Name', { exact: true }).fill('Juma Ali');
    await page.getByLabel('Withdraw the recorded consent').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();
    expect(await figure(page, 'Name').textContent()).toBe('Juma Ali');
    expect(await figure(page, 'Consent').textContent()).toBe('None');
    expect(await sql('select name from contacts where id = ?', [contact!.id])).toEqual([{ name: 'Juma Ali' }]);
    expect((await sql<{ action: string }>('select action from consent_records where contact_id = ? order by id', [contact!.id])).map((r) => r.action)).toEqual([
      'consent_recorded',
      'consent_cleared',
    ]);

    await page.getByRole('button', { name: 'Delete contact' }).click();
    // The first press only asks; the focus waits on the safe choice.
    expect(await contactRow(contact!.id)).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.getByRole('button', { name: 'Yes, delete the contact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    expect(await contactRow(contact!.id)).toBe(0);
    // The consent history outlives the contact.
    expect(await sql("select count(*)::int as n from consent_records where organization_id = ? and phone = '+255754500003'", [org.id])).toEqual([{ n: 2 }]);
  });

  test('an opt-out recorded, then cleared with a reason and evidence', async ({ page }) => {
    await signIn(page, site.base, org.members.marketer!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Opt-outs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Opt-outs' }).waitFor();
    await page.locator('summary', { hasText: 'Record an opt-out' }).click();
    await page.getByLabel('Phone number', { exact: true }).fill('0754 500 002');
    await page.getByLabel('Reason (optional)').fill('Asked by phone to stop promotions');
    await page.getByRole('button', { name: 'Record opt-out' }).click();
    await page.getByRole('status').filter({ hasText: 'Opt-out recorded for +255754500002' }).waitFor();
    const [optOut] = await sql<{ id: string; reason: string; cleared_at: Date | null }>(
      "select id, reason, cleared_at from opt_outs where organization_id = ? and phone = '+255754500002'",
      [org.id],
    );
    expect(optOut).toMatchObject({ reason: 'Asked by phone to stop promotions', cleared_at: null });

    await page.getByRole('button', { name: 'Clear the opt-out of +255754500002' }).click();
    await page.getByRole('heading', { level: 2, name: 'Clear the opt-out of +255754500002' }).waitFor();
    await page.getByLabel('Reason', { exact: true }).fill('Asked to receive offers again');
    await page.getByLabel('Evidence').fill('Signed form 2026-114 in the Mwenge file');
    await page.getByRole('button', { name: 'Clear opt-out' }).click();
    await page.getByRole('status').filter({ hasText: 'The opt-out of +255754500002 is cleared.' }).waitFor();
    expect(await sql('select clear_reason, clear_evidence, cleared_at is not null as cleared from opt_outs where id = ?', [optOut!.id])).toEqual([
      { clear_reason: 'Asked to receive offers again', clear_evidence: 'Signed form 2026-114 in the Mwenge file', cleared: true },
    ]);
    // The active list no longer shows it; the cleared one does, with its reason.
    await page.getByText('No opt-out matches.').waitFor();
    await page.getByLabel('Show', { exact: true }).selectOption('cleared');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('row', { name: /Asked to receive offers again/ }).waitFor();
  });

  test('a CSV imported through the wizard: refused file, columns and group, progress, counts, the invalid rows’ report', async ({ page }) => {
    await signIn(page, site.base, org.members.marketer!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('link', { name: 'Import contacts' }).click();
    await page.getByRole('heading', { level: 2, name: 'Upload the file' }).waitFor();

    // The server's refusal of a file shows by the file's field.
    const file = page.getByLabel('CSV file');
    await file.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    await page.getByRole('button', { name: 'Upload the file' }).click();
    await page.locator('.field', { has: file }).getByRole('alert').waitFor();

    const csv = 'jina;simu\nNeema;0754600001\nSimu ya mezani;0222123456\nBaraka;0754600002\n';
    await file.setInputFiles({ name: 'wateja.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload the file' }).click();
    await page.getByRole('heading', { level: 2, name: 'Check the file' }).waitFor();
    expect(await figure(page, 'Delimiter').textContent()).toBe('Semicolon');
    expect(await figure(page, 'Rows').textContent()).toBe('3');
    const sample = page.getByRole('table', { name: 'The first 3 rows of the file' });
    expect(await sample.getByRole('row').count()).toBe(4);
    expect(await sample.textContent()).toContain('0222123456');
    expect(await page.getByLabel('Phone number column').inputValue()).toBe('simu');
    expect(await page.getByLabel('Name column (optional)').inputValue()).toBe('jina');

    await page.getByLabel('Add to a new group').check();
    await page.getByLabel('New group name').fill('Maonyesho 2026');
    // The whole-file consent box alone no longer records consent (the server asks for a typed phrase).
    await page.getByRole('button', { name: 'Process the import' }).click();
    await page.getByRole('heading', { level: 2, name: 'Processing' }).waitFor();
    const [imp] = await sql<{ id: string; state: string }>("select id, state from contact_imports where organization_id = ? and filename = 'wateja.csv'", [org.id]);
    expect(imp?.state).toBe('queued');

    // The page polls while the worker's jobs run here.
    await drainJobs(env);
    await page.getByRole('heading', { level: 2, name: 'Import completed' }).waitFor({ timeout: 15_000 });
    expect(await figure(page, 'Created').textContent()).toBe('2');
    expect(await figure(page, 'Invalid').textContent()).toBe('1');
    expect(await figure(page, 'Consent recorded').textContent()).toBe('0');
    expect(await sql("select name from contacts where organization_id = ? and phone in ('+255754600001', '+255754600002') order by phone", [org.id])).toEqual([
      { name: 'Neema' },
      { name: 'Baraka' },
    ]);
    expect(await sql("select g.name, count(m.contact_id)::int as n from groups g join group_members m on m.group_id = g.id where g.id = (select group_id from contact_imports where id = ?) group by g.name", [imp!.id])).toEqual([
      { name: 'Maonyesho 2026', n: 2 },
    ]);

    const link = page.getByRole('link', { name: 'Download the invalid rows (CSV)' });
    expect(await link.getAttribute('download')).not.toBeNull();
    const report = await page.request.get(new URL((await link.getAttribute('href'))!, site.base).toString());
    expect(report.status()).toBe(200);
    const lines = (await report.text()).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^line,phone \(a ' was put before cells .*\),reason$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^3,0222123456,/);

    await page.getByRole('link', { name: 'All imports' }).first().click();
    await page.getByRole('row', { name: /wateja\.csv.*Completed/ }).waitFor();
    await page.getByRole('row', { name: /empty\.csv.*Failed/ }).waitFor();
  });

  /** Uploads a CSV through the wizard and waits for its columns step. */
  async function uploadThroughWizard(page: Page, name: string, csv: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('link', { name: 'Import contacts' }).click();
    // The template to fill in is offered before the upload, with the organization's columns.
    const template = await page.request.get(new URL((await page.getByRole('link', { name: 'Download the template (CSV)' }).getAttribute('href'))!, site.base).toString());
    expect(await template.text()).toMatch(/^\uFEFFphone,name,consent/);
    await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload the file' }).click();
    await page.getByRole('heading', { level: 2, name: 'Check the file' }).waitFor();
  }

  test('consent row by row from a consent column (ndiyo records it, hapana and a blank cell record none); a town column becomes a contact field', async ({ page }) => {
    await signIn(page, site.base, org.members.marketer!);
    await uploadThroughWizard(page, 'ridhaa.csv', 'jina,simu,ridhaa,town,notes\nAsha,0754600011,ndiyo,Mwenge,\nJuma,0754600012,hapana,Kariakoo,x\nZawadi,0754600013,,Sinza,\n');
    expect(await page.getByLabel('Consent column (optional)').inputValue()).toBe('ridhaa');
    // With a consent column there is no whole-file box to tick.
    expect(await page.getByLabel('Everyone in this file agreed to receive promotional messages').count()).toBe(0);
    // The extra columns are left out until chosen, and the page says so.
    await page.getByText('Left out of the import (2 columns): town, notes.').waitFor();
    await page.getByLabel('Column “town”').selectOption({ label: 'Keep it as a new contact field' });
    expect(await page.getByLabel('Name of the new field for “town”').inputValue()).toBe('town');
    await page.getByText('Left out of the import: notes.').waitFor();
    await page.screenshot({ path: path.join(PAGES, 'import-mapping-en.png'), fullPage: true });
    await page.getByRole('button', { name: 'Process the import' }).click();
    await page.getByRole('heading', { level: 2, name: 'Processing' }).waitFor();
    await drainJobs(env);
    await page.getByRole('heading', { level: 2, name: 'Import completed' }).waitFor({ timeout: 15_000 });
    expect(await figure(page, 'Consent recorded').textContent()).toBe('1');
    // The result says again which column the import did not keep.
    await page.getByText('Left out of the import: notes.').waitFor();
    expect(
      await sql("select phone, action, source from consent_records where organization_id = ? and phone in ('+255754600011', '+255754600012', '+255754600013') order by phone", [org.id]),
    ).toEqual([{ phone: '+255754600011', action: 'consent_recorded', source: 'import' }]);
    expect(await fieldValues(org.id)).toEqual([
      { phone: '+255754600011', name: 'town', value: 'Mwenge' },
      { phone: '+255754600012', name: 'town', value: 'Kariakoo' },
      { phone: '+255754600013', name: 'town', value: 'Sinza' },
    ]);
    // The contact shows its field, and the list finds it by the field's value.
    await page.goto(`${site.base}/#/contacts?field_value=sinza`);
    const list = page.getByRole('table', { name: 'Contacts, newest first' });
    await list.getByRole('row', { name: /Zawadi/ }).waitFor();
    expect(await list.getByRole('row').count()).toBe(2);
    await list.getByRole('row', { name: /Zawadi/ }).getByRole('link').click();
    const town = page.getByLabel('town', { exact: true });
    expect(await town.inputValue()).toBe('Sinza');
    await town.fill('Sinza Mori');
    await page.getByRole('button', { name: 'Save the fields' }).click();
    await page.getByRole('status').filter({ hasText: 'Fields saved.' }).waitFor();
    expect((await fieldValues(org.id)).find((v) => v.phone === '+255754600013')).toEqual({ phone: '+255754600013', name: 'town', value: 'Sinza Mori' });
  });

  test('consent for the whole file only once the member types the phrase, and the choice is audited', async ({ page }) => {
    await signIn(page, site.base, org.members.marketer!);
    await uploadThroughWizard(page, 'maonyesho.csv', 'jina,simu\nRehema,0754600021\nHamisi,0754600022\n');
    await page.getByLabel('Consent column (optional)').selectOption('');
    await page.getByLabel('Everyone in this file agreed to receive promotional messages').check();
    await page.getByLabel('How consent was given').fill('Signed up at the trade fair stand');
    const phrase = page.getByLabel(/To confirm consent for every row, type/);
    await phrase.fill('consent for all');
    await page.getByRole('button', { name: 'Process the import' }).click();
    // A phrase typed otherwise is refused at its field, and nothing is queued.
    await page.locator('.field', { has: phrase }).getByRole('alert').waitFor();
    expect(await sql("select state from contact_imports where organization_id = ? and filename = 'maonyesho.csv'", [org.id])).toEqual([{ state: 'uploaded' }]);
    await phrase.fill('RIDHAA KWA WOTE');
    await page.getByRole('button', { name: 'Process the import' }).click();
    await page.getByRole('heading', { level: 2, name: 'Processing' }).waitFor();
    await drainJobs(env);
    await page.getByRole('heading', { level: 2, name: 'Import completed' }).waitFor({ timeout: 15_000 });
    expect(await figure(page, 'Consent recorded').textContent()).toBe('2');
    expect(await sql("select count(*)::int as n from audit_events where organization_id = ? and action = 'consent.whole_file_confirmed'", [org.id])).toEqual([{ n: 1 }]);
  });

  test('an analyst sees no address book in the menu and its pages do not open', async ({ page }) => {
    await signIn(page, site.base, org.members.analyst!);
    const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).toContain('Messages');
    for (const name of ['Contacts', 'Groups', 'Opt-outs', 'Imports']) expect(links).not.toContain(name);
    for (const hash of ['#/contacts', '#/opt-outs', '#/imports/new']) {
      await page.goto(`${site.base}/${hash}`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    }
  });

  test('on a 360 px phone the address book pages do not overflow sideways, within the Content-Security-Policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // A long name must wrap, not widen the page.
    const seller = await signInAs(env, org.members.marketer!);
    const seeded = await seller.agent.post('/v1/contacts').set('X-CSRF-Token', seller.csrf).send({ phone: '0754500009', name: 'Mwanaisha Abdallah Kassim Mohamed Salim' });
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(201);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, site.base, org.members.marketer!);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${site.base}/#/contacts`);
    await page.getByRole('row', { name: /\+255754500009/ }).waitFor();
    await page.locator('summary', { hasText: 'Add a contact' }).click();
    expect(await overflow()).toBe(0);
    for (const hash of ['#/groups', '#/opt-outs?status=all', '#/imports', '#/imports/new']) {
      await page.goto(`${site.base}/${hash}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(), hash).toBe(0);
    }
    expect(violations).toEqual([]);
  });
});

describe('address book in Kiswahili', () => {
  const w = words('sw').addressBook;

  test('an import whose consent column records consent for ndiyo and none for a blank cell, its town column kept as a contact field', async ({ swPage: page }) => {
    await signIn(page, site.base, swOrg.members.marketer!, 'sw');
    await page.goto(`${site.base}/#/imports/new`);
    const csv = 'simu,jina,ridhaa,town\n0754700001,Rehema,ndiyo,Mbezi\n0754700002,Hamisi,,Tegeta\n';
    await page.getByLabel(w.upload.file).setInputFiles({ name: 'wateja-sw.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: w.steps.upload }).click();
    await page.getByRole('heading', { level: 2, name: w.steps.check }).waitFor();
    expect(await page.getByLabel(w.mapping.consentColumn).inputValue()).toBe('ridhaa');
    await page.getByLabel(fill(w.extra.column, { column: 'town' })).selectOption({ label: w.extra.new });
    await page.getByText(w.extra.allKept).waitFor();
    await page.screenshot({ path: path.join(PAGES, 'import-mapping-sw.png'), fullPage: true });
    await page.getByRole('button', { name: w.mapping.submit }).click();
    await page.getByRole('heading', { level: 2, name: w.progress.heading }).waitFor();
    await drainJobs(env);
    await page.getByRole('heading', { level: 2, name: w.result.completed }).waitFor({ timeout: 15_000 });
    expect(await figure(page, w.counts.consentRecorded).textContent()).toBe('1');
    expect(await sql('select phone, action, source from consent_records where organization_id = ? order by phone', [swOrg.id])).toEqual([
      { phone: '+255754700001', action: 'consent_recorded', source: 'import' },
    ]);
    expect(await fieldValues(swOrg.id)).toEqual([
      { phone: '+255754700001', name: 'town', value: 'Mbezi' },
      { phone: '+255754700002', name: 'town', value: 'Tegeta' },
    ]);

    const [rehema] = await sql<{ id: string }>("select id from contacts where organization_id = ? and phone = '+255754700001'", [swOrg.id]);
    await page.goto(`${site.base}/#/contacts/${rehema!.id}`);
    await page.getByRole('heading', { level: 2, name: w.fields.heading }).waitFor();
    expect(await page.getByLabel('town', { exact: true }).inputValue()).toBe('Mbezi');
    await page.screenshot({ path: path.join(PAGES, 'contact-fields-sw.png'), fullPage: true });
    // The list finds the contact by a part of its field's value.
    await page.goto(`${site.base}/#/contacts?field_value=mbe&field_match=contains`);
    const list = page.getByRole('table', { name: w.contacts.caption });
    await list.getByRole('row', { name: /Rehema/ }).waitFor();
    expect(await list.getByRole('row').count()).toBe(2);
  });

  test('three contacts found by a part of their name, ticked at once and added to a group in one call', async ({ swPage: page }) => {
    const seller = await signInAs(env, swOrg.members.marketer!);
    const post = (url: string, body: object) => seller.agent.post(url).set('X-CSRF-Token', seller.csrf).send(body);
    for (const [phone, name] of [['0754700011', 'Neema Mushi'], ['0754700012', 'Neema Kweka'], ['0754700013', 'Mwanneema Ally'], ['0754700014', 'Baraka Neem']]) {
      expect((await post('/v1/contacts', { phone, name })).status).toBe(201);
    }
    const group = await post('/v1/groups', { name: 'Wateja wa Tegeta' });
    expect(group.status).toBe(201);
    const groupId: string = group.body.data.group.id;

    await signIn(page, site.base, swOrg.members.marketer!, 'sw');
    await page.goto(`${site.base}/#/groups/${groupId}`);
    await page.getByLabel(w.addMany.search).fill('neema');
    await page.getByRole('button', { name: w.addMany.findButton }).click();
    const found = page.getByRole('table', { name: w.addMany.caption });
    await found.getByRole('row', { name: /Mwanneema Ally/ }).waitFor();
    expect(await found.getByRole('row').count()).toBe(4);
    await page.getByLabel(w.addMany.selectPage).check();
    await page.screenshot({ path: path.join(PAGES, 'group-add-many-sw.png'), fullPage: true });
    await page.getByRole('button', { name: fill(w.addMany.submit_other, { formatted: 3 }) }).click();
    await page.getByRole('status').filter({ hasText: fill(w.addMany.added_other, { formatted: 3 }) }).waitFor();
    await expect.poll(() => figure(page, w.members.heading).textContent()).toBe('3');
    const joined = await sql<{ name: string }>('select c.name from group_members m join contacts c on c.id = m.contact_id where m.group_id = ? order by c.name', [groupId]);
    expect(joined.map((r) => r.name)).toEqual(['Mwanneema Ally', 'Neema Kweka', 'Neema Mushi']);
  });
});

/** A text of the translations with its {{values}} put in, as the page shows it. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** Every contact field value of an organization, by number. */
async function fieldValues(organizationId: string) {
  return sql<{ phone: string; name: string; value: string }>('select c.phone, f.name, v.value from contact_field_values v join contacts c on c.id = v.contact_id join contact_fields f on f.id = v.field_id where v.organization_id = ? order by c.phone', [organizationId]);
}

async function contactRow(id: string): Promise<number> {
  return (await sql<{ n: number }>('select count(*)::int as n from contacts where id = ?', [id]))[0]!.n;
}
