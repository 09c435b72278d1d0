// The GraphQL explorer in Chromium: a signed-in member opens it from the menu, reads the schema's docs, runs a
// delivery report and sees its figures, all from this site and within the Content-Security-Policy; it offers no
// write; signed out it is not there, and its code is not even fetched.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { darDay, dayEnd, dayStart } from '../../dashboard/src/format/days.ts';
import { SCREENSHOTS, serveDashboard, signIn, test, type DashboardServer } from './fixture.ts';

let env: TestEnv;
let org: OrgFixture;
let site: DashboardServer;
/** The service's day in Dar es Salaam (its clock is set, whatever today is). */
let day: string;

beforeAll(async () => {
  env = await setupTestEnv();
  const sender = { name: 'UJUMBE', classes: ['transactional'] as 'transactional'[], routeApproved: true };
  org = await createOrg(env, { senders: [sender], members: { analyst: 'analyst' } });
  // Test messages complete at once, by the number's last digit: 0 delivered, 1 failed, 8 undelivered.
  for (const to of ['+255754000510', '+255754000520', '+255754000511', '+255754000518']) {
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.test!.secret)).set('X-Idempotency-Key', `explorer-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `explorer-${to}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  }
  day = darDay(await env.clock.now());
  site = await serveDashboard(env);
});

afterAll(async () => {
  await site?.close();
});

/** Console lines of the Content-Security-Policy refusing something, and every address the page or its frame fetched. */
function watch(page: Page) {
  const violations: string[] = [];
  const fetched: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => fetched.push(r.url()));
  return { violations, fetched };
}

/** GraphiQL, in the document the explorer's page frames. */
const graphiql = (page: Page) => page.frameLocator('iframe.explorer-frame');

/** The text of GraphiQL's result pane, its lines as wrapped run together (Monaco writes spaces as no-break spaces). */
async function resultText(page: Page): Promise<string> {
  return (await graphiql(page).locator('.graphiql-response .view-lines').innerText()).replace(/[\s\u00a0]+/g, ' ');
}

/** The docs beside the editor: the schema's root types, then Query's own description, written for analysts. */
async function readQueryDocs(page: Page): Promise<void> {
  const docs = graphiql(page).locator('.graphiql-doc-explorer');
  await docs.getByText('Query', { exact: true }).click();
  await docs.getByText(/Money is in cents \(100 cents = 1 TZS\)/).waitFor();
}

/** Opens the explorer on a query given in the address, and waits for the schema's docs. */
async function openExplorer(page: Page, query: string): Promise<void> {
  await page.goto(`${site.base}/#/explorer?${new URLSearchParams({ query })}`);
  await page.getByRole('heading', { level: 1, name: 'GraphQL explorer' }).waitFor();
  await graphiql(page).locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).waitFor();
}

const graphqlCalls = (fetched: string[]) => fetched.filter((url) => url === `${site.base}/graphql`).length;

describe('the GraphQL explorer', () => {
  test('a signed-in member opens it from the menu, reads the docs and runs a delivery report, all from this site within the policy', async ({ page }) => {
    const { violations, fetched } = watch(page);
    await signIn(page, site.base, org.members.analyst!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GraphQL explorer' }).click();
    await page.getByRole('heading', { level: 1, name: 'GraphQL explorer' }).waitFor();
    await readQueryDocs(page);

    const query = `{ deliveryReport(from: "${dayStart(day)}", to: "${dayEnd(day)}", groupBy: [DAY], test: true) { day messages delivered failed undelivered } }`;
    await openExplorer(page, query);
    const answered = page.waitForResponse((r) => r.url() === `${site.base}/graphql` && r.request().postData()?.includes('deliveryReport') === true);
    await graphiql(page).getByRole('button', { name: /Execute query/ }).click();
    expect(await (await answered).json()).toEqual({ data: { deliveryReport: [{ day, messages: 4, delivered: 2, failed: 1, undelivered: 1 }] } });
    await expect.poll(() => resultText(page), { timeout: 10_000 }).toMatch(/"messages": 4/);
    expect(await resultText(page)).toMatch(new RegExp(`"day": "${day}"[\\s\\S]*"delivered": 2[\\s\\S]*"failed": 1[\\s\\S]*"undelivered": 1`));
    // The explorer as a member sees it, its answer beside the query (kept as the pages' screenshots are).
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'explorer-delivery-report.png') });

    expect(fetched.filter((url) => !url.startsWith(`${site.base}/`))).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('offers no write: the schema has no mutation, and a mutation typed anyway is answered in the page, never sent', async ({ page }) => {
    const { violations, fetched } = watch(page);
    await signIn(page, site.base, org.members.analyst!);
    await openExplorer(page, 'mutation { wallet { available } }');
    const docs = await graphiql(page).locator('.graphiql-doc-explorer').innerText();
    expect(docs).toMatch(/query/i);
    expect(docs).not.toMatch(/mutation|subscription/i);
    const sent = graphqlCalls(fetched);
    // The editor may not have taken the query from the address yet on a loaded machine: a click before it does
    // runs nothing, so the run is asked again until the page answers (the page answers it; nothing is sent).
    await expect
      .poll(
        async () => {
          const shown = await resultText(page);
          if (!/The explorer reads only/.test(shown)) await graphiql(page).getByRole('button', { name: /Execute query/ }).click();
          return shown;
        },
        { timeout: 15_000, interval: 2_000 },
      )
      .toMatch(/The explorer reads only/);
    expect(graphqlCalls(fetched)).toBe(sent);
    expect(violations).toEqual([]);
  });

  test('is not reachable signed out: the sign-in page shows and no explorer code is fetched; its document alone gets no schema', async ({ page }) => {
    const { fetched } = watch(page);
    await page.goto(`${site.base}/#/explorer`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(fetched.filter((url) => /graphiql|monaco|worker/i.test(url))).toEqual([]);
    expect(graphqlCalls(fetched)).toBe(0);

    await page.goto(`${site.base}/graphiql`);
    await page.getByText('A valid API key or a signed-in session is needed.').first().waitFor();
  });

  test('only the explorer’s document widens the policy, and only for styles and for being framed by the dashboard', async () => {
    const directives = async (path: string) => {
      const res = await fetch(`${site.base}${path}`);
      expect(res.status, path).toBe(200);
      return Object.fromEntries((res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
    };
    const dashboard = await directives('/');
    const explorer = await directives('/graphiql');
    expect(dashboard['style-src']).toBe("'self'");
    expect(dashboard['frame-ancestors']).toBe("'none'");
    expect(explorer).toEqual({ ...dashboard, 'style-src': "'self' 'unsafe-inline'", 'frame-ancestors': "'self'" });
    expect(explorer['script-src']).toBe("'self'");
  });
});
