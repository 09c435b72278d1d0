// A benchmark's own service in this process: an embedded PostgreSQL in a temporary directory, migrated,
// with the demo organization, and rate limits out of the way.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbedded } from '../core/db/embedded.ts';
import { migrate } from '../core/db/migrate.ts';
import { createOrm } from '../core/db/orm.ts';
import { defaultConfig, newCtx, type Deps } from '../core/app/context.ts';
import { systemClock } from '../core/app/clock.ts';
import { createServiceApp } from '../bin/server/app.ts';
import { seedDemo } from '../core/app/demo/seed-demo.ts';

export interface InProcess {
  deps: Deps;
  /** The database's URL (for graphile-worker's runner). */
  url: string;
  demo: Awaited<ReturnType<typeof seedDemo>>;
  /** Starts the REST app on a free port; returns its base URL. */
  listen(): Promise<string>;
}

export async function withInProcessService(fn: (service: InProcess) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-bench-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbedded(dir);
  const servers: http.Server[] = [];
  try {
    await migrate(db.url);
    const orm = await createOrm(db.url, { poolMax: 20 });
    try {
      const deps: Deps = { orm, clock: systemClock, config: { ...defaultConfig, rateLimits: { liveRps: 1e6, testRps: 1e6, signInFreeFailuresPerEmail: 1e6, signInFreeFailuresPerAddress: 1e6 } } };
      const demo = await seedDemo(await newCtx(deps));
      await fn({
        deps,
        url: db.url,
        demo,
        async listen() {
          const server = http.createServer(createServiceApp(deps));
          servers.push(server);
          await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
          return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        },
      });
    } finally {
      for (const s of servers) s.close();
      await orm.close();
    }
  } finally {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
