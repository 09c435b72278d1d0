// The dashboard in a real browser (Debian's chromium): sign in, see the balance, sign out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { createRestApp } from '../../rest-facade/app.ts';
import { mountDashboard } from '../../dashboard/serve.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let server: http.Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 1_234_500n });
  server = http.createServer(createRestApp(env.deps, { mounts: [mountDashboard] }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe('dashboard', () => {
  it('signs in, shows the organization and balance, refuses a wrong password, signs out', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.fill('input[name=email]', org.members.owner!.email);
    await page.fill('input[name=password]', 'wrong password!!');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('.error')).toMatch(/wrong/);

    await page.fill('input[name=password]', org.members.owner!.password);
    await page.click('button[type=submit]');
    await page.waitForSelector('#overview:not([hidden])');
    expect(await page.textContent('#who')).toContain(org.members.owner!.email);
    expect(await page.textContent('#available')).toMatch(/12,345\.00/);
    expect(await page.textContent('#route')).toBe('gsm0338');

    await page.click('#sign-out');
    await page.waitForSelector('#sign-in:not([hidden])');
    await page.reload();
    await page.waitForSelector('#sign-in:not([hidden])');
  });
});
