// `npm run bench -- auth`: an authenticated read (API key, rate limit, one query) through the whole REST stack.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbedded } from '../core/db/embedded.ts';
import { migrate } from '../core/db/migrate.ts';
import { createOrm } from '../core/db/orm.ts';
import { defaultConfig, newCtx, type Deps } from '../core/app/context.ts';
import { systemClock } from '../core/app/clock.ts';
import { createRestApp } from '../rest-facade/app.ts';
import { seedDemo } from '../core/app/demo/seed-demo.ts';
import { loadInThread as load, report } from './load.ts';

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-bench-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbedded(dir);
  try {
    await migrate(db.url);
    const orm = await createOrm(db.url, { poolMax: 20 });
    const deps: Deps = { orm, clock: systemClock, config: { ...defaultConfig, rateLimits: { liveRps: 1e6, testRps: 1e6, signInPerMinute: 1e6 } } };
    const demo = await seedDemo(await newCtx(deps));
    const server = http.createServer(createRestApp(deps));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { authorization: `Bearer ${demo.liveKey}` };
    await load({ url: `${base}/v1/wallet`, connections: 8, seconds: 2, headers });
    report('GET /v1/wallet (32 connections)', await load({ url: `${base}/v1/wallet`, connections: 32, seconds: 10, headers }));
    report('GET /v1/openapi.json (public, 32 connections)', await load({ url: `${base}/v1/openapi.json`, connections: 32, seconds: 5 }));
    server.close();
    await orm.close();
  } finally {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
