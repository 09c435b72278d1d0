// The worker's runner (workers/runner.ts) on this file's database: graphile-worker's pool creation starts the loops
// that are not jobs (the dispatcher says it is alive, the webhook sender fans events out), a campaign's job runs,
// and the runner's stop stops them (the dispatcher retired, the outbox left alone), in time. A worker that starts
// takes over the campaign job a dead worker left locked.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import { startWorkers } from '../../workers/runner.ts';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { campaignPhone, launchOver, recipientRows } from '../support/campaigns.ts';
import { testDatabaseUrl } from '../support/db.ts';

let env: TestEnv;
let org: OrgFixture;
let simulator: SmscSimulator;
let provider: SmsProvider;

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 500 });
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
  simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 10 });
  provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 50, submitTimeoutMs: 500, logger: { info: () => {}, warn: () => {} } });
});

afterAll(async () => {
  await provider?.close();
  await simulator?.close();
});

const count = async (sql: string, params: unknown[] = []) => (await env.sql<{ n: number }>(sql, params))[0]!.n;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what} not seen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const outboxEvent = () =>
  env.sql("insert into outbox_events (id, organization_id, type, subject_id, payload, created_at) values (?, ?, 'message.delivered', 'm', '{}', now())", [randomUUID(), org.id]);

it('starts the dispatcher and the webhook sender from its pool, runs a campaign\'s job, and stops them with it', async () => {
  const owner = await signInAs(env, org.members.owner!);
  const workers = await startWorkers(env.deps, await testDatabaseUrl(), { providers: { live: null, simulator: provider }, dispatcher: { inFlight: 50, idleMs: 20, flushMs: 10 } });
  let stopMs: number;
  try {
    // The dispatcher's heartbeat; the sender's fan-out.
    await until(async () => (await count('select count(*)::int as n from dispatchers')) === 1, 'a dispatcher alive');
    await outboxEvent();
    await until(async () => (await count('select count(*)::int as n from outbox_events where delivered_at is null')) === 0, 'the outbox fanned out');
    // The campaign's job, queued by the launch: fed, dispatched, receipted.
    const launched = await launchOver(env, owner, org.id, [campaignPhone(), campaignPhone()], { traffic_class: 'transactional' });
    await until(async () => (await recipientRows(env, launched.id)).every((r) => r.message_status === 'delivered'), 'the campaign delivered');
  } finally {
    const started = performance.now();
    await workers.stop();
    stopMs = performance.now() - started;
  }
  // Idle, a stop is quick: no submit waits for its answer.
  expect(stopMs).toBeLessThan(5_000);
  // The dispatcher retired; no sender takes events any more (those the last writes made stay too).
  expect(await count('select count(*)::int as n from dispatchers')).toBe(0);
  const waiting = await count('select count(*)::int as n from outbox_events where delivered_at is null');
  await outboxEvent();
  await new Promise((r) => setTimeout(r, 500));
  expect(await count('select count(*)::int as n from outbox_events where delivered_at is null')).toBe(waiting + 1);
});

it('a worker that starts runs at once the job of a live campaign that a dead worker left locked', async () => {
  const owner = await signInAs(env, org.members.owner!);
  const launched = await launchOver(env, owner, org.id, [campaignPhone(), campaignPhone()], { traffic_class: 'transactional' });
  // Taken by a worker that died: graphile-worker would take the lock for dead only after 4 hours.
  await env.sql("update graphile_worker._private_jobs set locked_at = now(), locked_by = 'dead-worker' where key = 'campaign:' || ?", [launched.id]);
  const workers = await startWorkers(env.deps, await testDatabaseUrl(), { providers: { live: null, simulator: provider }, dispatcher: { inFlight: 50, idleMs: 20, flushMs: 10 }, sender: null });
  try {
    await until(async () => (await recipientRows(env, launched.id)).every((r) => r.message_status === 'delivered'), 'the campaign delivered');
  } finally {
    await workers.stop();
    await env.sql("delete from graphile_worker._private_jobs where locked_by = 'dead-worker'");
  }
});
