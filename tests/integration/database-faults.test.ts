// The database stopped, then frozen (SIGSTOP), under the REST, tRPC and GraphQL surfaces: every request answers
// 503 busy with Retry-After within 5 s, never 500 and never a hang; /ready says the database is down while
// /health answers; and the same requests succeed again once it is back, with no restart of the app.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../core/app/context.ts';
import { defaultConfig, newCtx } from '../../core/app/context.ts';
import { manualClock } from '../../core/app/clock.ts';
import { EmbeddedCluster, freePort, withDatabase } from '../../core/db/embedded.ts';
import { clusterUser, placeCluster } from '../../core/db/postgres-home.ts';
import { migrate } from '../../core/db/migrate.ts';
import { createOrm, type Orm } from '../../core/db/orm.ts';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { bearer, createOrg, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { clusterProcessIds } from '../../core/db/cluster-processes.ts';

/** The bound every answer must meet while the database is away. */
const BOUND_MS = 5_000;

let dir: string;
let cluster: EmbeddedCluster;
let dbUrl: string;
const orms: Orm[] = [];
let env: TestEnv;
let org: OrgFixture;
let session: Awaited<ReturnType<typeof signInAs>>;
let serial = 0;

/** The three surfaces on an ORM of their own, as the service mounts them. */
async function serve(url: string): Promise<TestEnv> {
  const orm = await createOrm(url, { poolMax: 4 });
  orms.push(orm);
  const deps: Deps = {
    orm,
    clock: manualClock(new Date('2026-11-22T09:00:00Z')),
    config: { ...defaultConfig, rateLimits: { ...defaultConfig.rateLimits, liveRps: 10_000, testRps: 10_000 } },
  };
  const quiet = { error: () => {} };
  const app = createServiceApp(deps, { logger: quiet, surfaces: [mountTrpc, mountGraphql] });
  return { deps, orm, clock: deps.clock as TestEnv['clock'], app, ctx: () => newCtx(deps), sql: async (q, p = []) => (await orm.em.fork().execute(q, p as never[])) as never };
}

/** A cluster of this file's own (the suite's shared one must not stop), migrated like the service's. */
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-faults-'));
  fs.chmodSync(dir, 0o755);
  const runAs = clusterUser();
  const { directory } = placeCluster(runAs, path.join(dir, 'pg'));
  // Its timeouts are the subject: the server keeps the real clock, as libfaketime (the suite a year ahead) stops its timers.
  cluster = await EmbeddedCluster.create({ directory, port: await freePort(), password: randomBytes(12).toString('hex'), durable: false, realClock: true }, runAs);
  await cluster.initialise();
  await cluster.start();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database ujumbe');
  await admin.end();
  const url = withDatabase(cluster.url, 'ujumbe');
  await migrate(url);
  dbUrl = url;
  env = await serve(url);
  org = await createOrg(env, { senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }], keys: { test: { mode: 'test' }, live: { mode: 'live' } } });
  session = await signInAs(env, org.members.owner!);
}, 120_000);

afterAll(async () => {
  thaw();
  // The cluster first: its connections then end at once, and closing the pools waits on none of them.
  await cluster?.stop();
  for (const orm of orms) await orm.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The postmaster and its children (backends, checkpointer, …). */
const clusterPids = () => clusterProcessIds(cluster.options.directory);

let frozen: number[] = [];

function freeze(): void {
  // The postmaster first, so that no new backend appears while its children are stopped.
  const [postmaster] = clusterPids();
  frozen = [postmaster!];
  process.kill(postmaster!, 'SIGSTOP');
  frozen = clusterPids();
  for (const pid of frozen) process.kill(pid, 'SIGSTOP');
}

function thaw(): void {
  // Always, even after a failed assertion: a stopped postmaster would outlive the test run.
  for (const pid of frozen.splice(0)) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Gone already.
    }
  }
}

const LONGEST = { response: 20_000, deadline: 20_000 };

/** One request of each surface, each touching the database (authentication at least). */
const surfaces = {
  'GET /v1/service-status': () => request(env.app).get('/v1/service-status').set(bearer(org.keys.test!.secret)).timeout(LONGEST),
  'POST /v1/messages': () =>
    request(env.app)
      .post('/v1/messages')
      .set(bearer(org.keys.test!.secret))
      .set('X-Idempotency-Key', `faults-${++serial}`)
      .send({ to: `+255754${String(10000 + serial).slice(-5)}3`, from: 'UJUMBE', body: 'Habari', client_ref: `faults-${serial}` })
      .timeout(LONGEST),
  'tRPC wallet.get': () => request(env.app).get('/trpc/wallet.get').set('Cookie', session.signIn.headers['set-cookie'] as unknown as string[]).timeout(LONGEST),
  'GraphQL wallet': () => request(env.app).post('/graphql').set(bearer(org.keys.test!.secret)).send({ query: '{ wallet { available } }' }).timeout(LONGEST),
};
type Surface = keyof typeof surfaces;

async function timed(run: () => request.Test) {
  const started = performance.now();
  const res = await run().catch((err: Error) => ({ status: 0, body: { timedOut: err.message }, headers: {} }) as unknown as request.Response);
  return { res, ms: performance.now() - started };
}

/** The code of the failure each surface reports in its own envelope. */
function codeOf(name: Surface, body: any): unknown {
  if (name.startsWith('tRPC')) return body?.error?.data?.ujumbe?.code;
  if (name.startsWith('GraphQL')) return body?.errors?.[0]?.extensions?.code;
  return body?.error?.code;
}

/** Every surface, several at once (more than the pool has connections): 503 busy with Retry-After within the bound. */
async function expectBusyEverywhere(): Promise<void> {
  const names = [...Object.keys(surfaces), ...Object.keys(surfaces)] as Surface[];
  const answers = await Promise.all(names.map(async (name) => ({ name, ...(await timed(surfaces[name])) })));
  for (const { name, res, ms } of answers) {
    expect({ name, status: res.status, code: codeOf(name, res.body), retryAfter: res.headers['retry-after'] }).toEqual({ name, status: 503, code: 'busy', retryAfter: '5' });
    expect(ms, name).toBeLessThan(BOUND_MS);
  }
  // Nothing of the driver's or the server's own words reaches a caller.
  for (const { res } of answers) expect(JSON.stringify(res.body)).not.toMatch(/ECONN|terminat|timeout exceeded|127\.0\.0\.1|postgres/i);
}

async function expectOrdinaryAnswers(): Promise<void> {
  const expected: Record<Surface, number> = { 'GET /v1/service-status': 200, 'POST /v1/messages': 202, 'tRPC wallet.get': 200, 'GraphQL wallet': 200 };
  for (const name of Object.keys(surfaces) as Surface[]) {
    const { res } = await timed(surfaces[name]);
    expect({ name, status: res.status }).toEqual({ name, status: expected[name] });
  }
}

/** Back by itself: /ready says up within a few seconds of the database's return (it is asked again every second). */
async function expectRecovery(): Promise<void> {
  const back = performance.now();
  while ((await request(env.app).get('/ready')).status !== 200) {
    expect(performance.now() - back).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 100));
  }
  await expectOrdinaryAnswers();
  await expectReady(true);
}

async function expectReady(up: boolean): Promise<void> {
  const { res, ms } = await timed(() => request(env.app).get('/ready').timeout(LONGEST));
  expect(ms).toBeLessThan(2_000);
  if (up) expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { success: true, data: { database: 'up' } } });
  else {
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.error).toMatchObject({ code: 'busy', details: { database: 'down' } });
  }
  const health = await timed(() => request(env.app).get('/health').timeout(LONGEST));
  expect({ status: health.res.status, body: health.res.body }).toEqual({ status: 200, body: { success: true, data: { status: 'ok' } } });
  expect(health.ms).toBeLessThan(1_000);
}

describe('the database', () => {
  it('answers as usual while it runs; a long statement on it is left to finish', async () => {
    await expectOrdinaryAnswers();
    await expectReady(true);
    // Silent past the guard's 1.5 s, but the server answers the probe: nothing is cut.
    expect(await env.sql('select 1 as slept from pg_sleep(4)')).toEqual([{ slept: 1 }]);
  });

  it('a lock held past lock_timeout (5 s): 503 busy with Retry-After over REST and from a GraphQL resolver', async () => {
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      // Creating a group locks its organization's row first; the wallet resolver reads wallets.
      await holder.query('select 1 from organizations where id = $1 for update', [org.id]);
      await holder.query('lock table wallets in access exclusive mode');
      const answers = await Promise.all([
        timed(() => session.agent.post('/v1/groups').set('X-CSRF-Token', session.csrf).send({ name: 'Waits' }).timeout(LONGEST)),
        // A live key's wallet is read from the table (a test key's is empty by definition).
        timed(() => request(env.app).post('/graphql').set(bearer(org.keys.live!.secret)).send({ query: '{ wallet { available } }' }).timeout(LONGEST)),
      ]);
      const [rest, graphql] = answers.map(({ res }) => ({ status: res.status, retryAfter: res.headers['retry-after'] }));
      expect([rest, graphql]).toEqual([{ status: 503, retryAfter: '5' }, { status: 503, retryAfter: '5' }]);
      expect(answers[0]!.res.body.error.code).toBe('busy');
      expect(answers[1]!.res.body.errors[0].extensions).toEqual({ code: 'busy', retry_after: 5 });
      for (const { ms } of answers) expect(ms).toBeGreaterThan(4_500);
      for (const { ms } of answers) expect(ms).toBeLessThan(8_000);
    } finally {
      await holder.end();
    }
  }, 30_000);

  it('stopped: 503 busy with Retry-After within the bound, /ready down, /health up; started again: the same requests succeed', async () => {
    await cluster.stop();
    try {
      await expectBusyEverywhere();
      await expectReady(false);
    } finally {
      await cluster.start();
    }
    await expectRecovery();
  }, 60_000);

  it('frozen (SIGSTOP) under a statement on a pooled connection: 503 busy within the bound, then at once; thawed: it recovers', async () => {
    // The pool holds connections, so the first request's statement goes to a frozen backend and waits for an answer.
    await expectOrdinaryAnswers();
    freeze();
    try {
      const { res, ms } = await timed(surfaces['GET /v1/service-status']);
      expect({ status: res.status, code: res.body.error?.code, retryAfter: res.headers['retry-after'] }).toEqual({ status: 503, code: 'busy', retryAfter: '5' });
      expect(ms).toBeLessThan(BOUND_MS);
      await expectBusyEverywhere();
      await expectReady(false);
    } finally {
      thaw();
    }
    await expectRecovery();
  }, 60_000);

  it('frozen (SIGSTOP) with nothing in the pool: new connections wait for no longer than the bound; thawed: it recovers', async () => {
    // The surfaces on an ORM whose pool has never connected: every request needs a new connection.
    env = await serve(dbUrl);
    freeze();
    try {
      await expectBusyEverywhere();
      await expectBusyEverywhere();
      await expectReady(false);
    } finally {
      thaw();
    }
    await expectRecovery();
  }, 60_000);
});
