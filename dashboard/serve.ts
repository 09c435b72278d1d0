// Serves the built dashboard (dashboard/dist, made by bin/build-dashboard.ts) at the root of the site, and the
// GraphQL explorer's document that its page frames.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Express, Response } from 'express';

const DIST = fileURLToPath(new URL('./dist/', import.meta.url));
const DASHBOARD_PAGE = path.join(DIST, 'index.html');
/** Built from dashboard/src/explorer/graphiql.html, a second page of the same Vite build. */
const GRAPHIQL_PAGE = path.join(DIST, 'src', 'explorer', 'graphiql.html');

const POLICY = 'Content-Security-Policy';

/**
 * The site's policy as GraphiQL's document needs it, and no wider: GraphiQL's Monaco editor writes `<style>`
 * elements and `style` attributes as it lays out (style-src 'unsafe-inline'), and the dashboard's page frames it
 * (frame-ancestors 'self'). Scripts, connections and everything else stay as the site has them.
 */
export function graphiqlPolicy(sitePolicy: string): string {
  const widened: Record<string, string> = { 'style-src': "style-src 'self' 'unsafe-inline'", 'frame-ancestors': "frame-ancestors 'self'" };
  return sitePolicy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => widened[directive.split(/\s+/)[0]!] ?? directive)
    .join(';');
}

function sendPage(res: Response, page: string): void {
  if (!fs.existsSync(page)) {
    res.status(503).type('text/plain').send('The dashboard is not built yet: run `npm run build:dashboard` (npm install and npm start build it).\n');
    return;
  }
  res.set('Cache-Control', 'no-cache').sendFile(page);
}

/**
 * The page at `/` (never cached, so a new build is seen at once) and its fingerprinted assets under /assets
 * (cached for good: a change gives a new name). Pages are addressed after `#`, so no other path is needed but
 * `/graphiql`, the explorer's own document, under its own policy.
 */
export function mountDashboard(app: Express): void {
  app.use('/assets', express.static(path.join(DIST, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }));
  app.get(['/', '/index.html'], (_req, res) => sendPage(res, DASHBOARD_PAGE));
  app.get('/graphiql', (_req, res) => {
    res.set(POLICY, graphiqlPolicy(String(res.getHeader(POLICY) ?? '')));
    sendPage(res, GRAPHIQL_PAGE);
  });
}
