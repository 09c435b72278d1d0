// The browser tests' fixture: the built dashboard served with tRPC and GraphQL on a random port, one Chromium per file
// and a fresh page per test, with a screenshot under tests/e2e/screenshots/ when the test fails.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test as base } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { mountDashboard } from '../../dashboard/serve.ts';
import { ensureDashboardBuilt } from '../../bin/build-dashboard.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { createPaymentGateway } from '../../workers/providers/payments/index.ts';
import type { TestEnv } from '../support/app.ts';
import { resources } from '../../dashboard/src/i18n/resources.ts';
import type { Language } from '../../core/domain/languages.ts';

export const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

export interface DashboardServer {
  base: string;
  close(): Promise<void>;
}

/**
 * The whole site as `npm start` mounts it (REST, tRPC, GraphQL, the dashboard) on this file's database, with the
 * payments gateway `npm start` has: the simulator, started on the first payment, calling back this server.
 */
export async function serveDashboard(env: TestEnv): Promise<DashboardServer> {
  // `npm test` builds before the run (pretest); a single file run straight through vitest builds here.
  await ensureDashboardBuilt();
  const logger = { error: (m: string, e: unknown) => console.error(m, e) };
  const app = createServiceApp(env.deps, { logger, surfaces: [mountTrpc, mountGraphql, mountDashboard] });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // PUBLIC_URL is where the service is reached: here, this server (the links it makes, the simulator's callbacks).
  env.deps.config.publicUrl = base;
  const payments = createPaymentGateway(env.deps.config, { callbackUrl: `${base}${REST_PATHS.receiveMobileMoneyNotice}` });
  env.deps.payments = payments;
  return {
    base,
    close: async () => {
      await payments.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** The dashboard's words in a language, as the pages show them: words('sw').account.signIn. */
export function words(language: Language) {
  return resources[language];
}

/**
 * Signs a member in through the page's form and waits for the dashboard. In Kiswahili (a page of `swPage`, whose
 * browser prefers sw-TZ) the form is read by its Kiswahili labels; a member who never chose a language keeps the
 * browser's, so the overview is Kiswahili too.
 */
export async function signIn(page: Page, base: string, member: { email: string; password: string }, language: Language = 'en'): Promise<void> {
  const w = words(language);
  await page.goto(`${base}/`);
  await page.getByLabel(w.account.email).fill(member.email);
  await page.getByLabel(w.account.password).fill(member.password);
  await page.getByRole('button', { name: w.account.signIn }).click();
  // The header's sign-out button, in the language expected: the dashboard opened, whichever page it opened on.
  await page.getByRole('button', { name: w.shell.signOut }).waitFor();
}

/** The value shown under a figure's name (a description list of the page). */
export function figure(page: Page, label: string) {
  return page.locator('.stat', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}

function screenshotName(testName: string): string {
  return `${testName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80)}.png`;
}

/**
 * `browser`: Debian's Chromium, once for the file. `page`: a new page (its own cookies) for each test; a failed
 * test leaves its screenshot, taken before the page closes.
 */
export const test = base
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('page', async ({ browser, task }, { onCleanup }): Promise<Page> => newPage(browser, task, onCleanup, 'en-GB'))
  /** A page whose browser prefers Kiswahili (sw-TZ): the sign-in page opens in Kiswahili. */
  .extend('swPage', async ({ browser, task }, { onCleanup }): Promise<Page> => newPage(browser, task, onCleanup, 'sw-TZ'));

async function newPage(browser: Browser, task: { name: string; result?: { state?: string } }, onCleanup: (fn: () => Promise<void>) => void, locale: string): Promise<Page> {
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/London', locale });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // A word the page asked for and neither language has: the dashboard reports it on the console (i18n.ts).
    const missing: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().startsWith('missing translation')) missing.push(m.text());
    });
    onCleanup(async () => {
      if (task.result?.state === 'fail') {
        fs.mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOTS, screenshotName(task.name)), fullPage: true }).catch(() => {});
      }
      await context.close();
      if (missing.length > 0) throw new Error(`words missing from the translations: ${[...new Set(missing)].join('; ')}`);
    });
    return page;
  }
}
