// The pool graphile-worker's runner queries through (workers/job-pool.ts): with the database away a connection
// waits for it and is made once it is back, within the bound; past the bound, or once a stop gave up waiting, it
// fails. The database is "away" behind a TCP relay of this file that starts listening late.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { jobPool } from '../../workers/job-pool.ts';
import { testDatabaseUrl } from '../support/db.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A port nothing listens on yet. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Relays `port` to the test database from now on. */
async function relay(port: number, to: URL): Promise<void> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to.port), to.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });
}

async function pools(waitMs: number) {
  const url = new URL(await testDatabaseUrl());
  const port = await freePort();
  const away = new URL(url);
  away.hostname = '127.0.0.1';
  away.port = String(port);
  const jobs = jobPool(away.toString(), 2, waitMs);
  closers.push(() => jobs.pool.end());
  return { jobs, port, url };
}

describe('the job pool', () => {
  it('waits for the database while it is away and connects once it is back', async () => {
    const { jobs, port, url } = await pools(10_000);
    const started = performance.now();
    const connecting = jobs.pool.connect();
    await new Promise((r) => setTimeout(r, 1_200));
    await relay(port, url);
    const client = await connecting;
    try {
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });

  it('fails once the wait is over, and at once after stopWaiting', async () => {
    const { jobs } = await pools(1_000);
    const started = performance.now();
    await expect(jobs.pool.connect()).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThan(400);
    jobs.stopWaiting();
    const again = performance.now();
    await expect(jobs.pool.connect()).rejects.toThrow();
    expect(performance.now() - again).toBeLessThan(400);
  });
});
