// Serves the built dashboard (dashboard/dist, made by bin/build-dashboard.ts) at the root of the site.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Express } from 'express';

const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

/**
 * The page at `/` (never cached, so a new build is seen at once) and its fingerprinted assets under /assets
 * (cached for good: a change gives a new name). Pages are addressed after `#`, so no other path is needed.
 */
export function mountDashboard(app: Express): void {
  app.use('/assets', express.static(path.join(DIST, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }));
  app.get(['/', '/index.html'], (_req, res) => {
    const page = path.join(DIST, 'index.html');
    if (!fs.existsSync(page)) {
      res.status(503).type('text/plain').send('The dashboard is not built yet: run `npm run build:dashboard` (npm install and npm start build it).\n');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(page);
  });
}
