// The periodic graphile-worker tasks, each queued and drained with graphile-worker's runOnce on this file's
// database: each runs its use case; the repeating ones (campaign_progress, feed_campaigns) come back by themselves
// while there is work and stop when there is none; the chain keeper starts them when work appears.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { runOnce, type TaskList } from 'graphile-worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { addJob, type JobSpec } from '../../core/db/jobs/add-job.ts';
import { quietLogger } from '../../core/db/migrate.ts';
import { keepChains } from '../../workers/chain-keeper.ts';
import { ERROR_PAUSE_MS, repeatingJob, repeatingTask, type Found } from '../../workers/repeating-task.ts';
import { PROGRESS_WAITING_MS } from '../../workers/tasks/campaign_progress.ts';
import { bearer, createOrg, drainJobs, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, launch, launchOver, quote, recipientRows } from '../support/campaigns.ts';
import { testDatabaseUrl } from '../support/db.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
const T0 = new Date('2026-11-22T09:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 100_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }], keys: { live: { mode: 'live' } } });
  owner = await signInAs(env, org.members.owner!);
});

const queue = (spec: JobSpec) => addJob(env.orm.em.fork(), spec);
/** Queues the task as the crontab does and runs every job that is due, until none is. */
async function run(task: string): Promise<void> {
  await queue({ task, jobKey: task, maxAttempts: 1 });
  await drainJobs(env);
}

/** The jobs of a task that remain, with how far ahead they may run (ms; negative when due). */
function jobsOf(task: string) {
  return env.sql<{ key: string | null; attempts: number; last_error: string | null; locked: boolean; in_ms: number }>(
    `select key, attempts, last_error, locked_at is not null as locked, (extract(epoch from run_at - now()) * 1000)::float8 as in_ms
     from graphile_worker.jobs where task_identifier = ? order by id`,
    [task],
  );
}

const count = async (sql: string, params: unknown[] = []) => (await env.sql<{ n: number }>(sql, params))[0]!.n;

describe('each periodic task runs its use case', () => {
  it('retention_purge deletes what is past its retention (an idle rate bucket) and keeps what is recent', async () => {
    await env.sql("insert into rate_buckets (key, tokens, updated_at, allowed) values ('periodic:old', 0, clock_timestamp() - interval '2 hours', true), ('periodic:new', 0, clock_timestamp(), true)");
    await run('retention_purge');
    expect(await env.sql("select key from rate_buckets where key like 'periodic:%'")).toEqual([{ key: 'periodic:new' }]);
    expect(await jobsOf('retention_purge')).toEqual([]);
  });

  it('rollup_fold folds the deltas the messages trigger wrote into the daily rollups', async () => {
    await env.sql(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments, unit_amount, total, charge,
         dispatch_after, expires_at, created_at, updated_at)
       values (?, ?, false, 'submitted', '+255754000001', 'UJUMBE', 'Habari', 'transactional', 'r', 'gsm7', 1, 0, 0, 'none', ?, ?, ?, ?)`,
      [randomUUID(), org.id, T0, T0, T0, T0],
    );
    expect(await count('select count(*)::int as n from message_rollup_deltas')).toBeGreaterThan(0);
    await run('rollup_fold');
    expect(await count('select count(*)::int as n from message_rollup_deltas')).toBe(0);
    expect(await count('select coalesce(sum(messages), 0)::int as n from message_rollups where organization_id = ?', [org.id])).toBe(1);
  });

  it('early_receipts sweeps the waiting receipts: one that still meets no message waits again, one more try counted', async () => {
    const id = randomUUID();
    await env.sql("insert into early_receipts (id, smsc, provider_id, delivery, raw_status, received_at, tries) values (?, 'periodic', ?, 'delivered', 'DELIVRD', ?, 0)", [id, `p-${id}`, T0]);
    await run('early_receipts');
    expect(await env.sql('select tries from early_receipts where provider_id = ?', [`p-${id}`])).toEqual([{ tries: 1 }]);
  });

  it('import_retention fails an upload still uploading after an hour', async () => {
    const id = randomUUID();
    await env.sql("insert into contact_imports (id, organization_id, state, filename, created_at) values (?, ?, 'uploading', 'late.csv', ?)", [id, org.id, new Date(T0.getTime() - 2 * HOUR)]);
    await run('import_retention');
    expect(await env.sql('select state from contact_imports where id = ?', [id])).toEqual([{ state: 'failed' }]);
  });

  it('message_timers expires a queued message past its ttl and gives its hold back', async () => {
    const res = await request(env.app)
      .post('/v1/messages')
      .set(bearer(org.keys.live!.secret))
      .set('X-Idempotency-Key', randomUUID())
      .send({ to: '+255754000123', from: 'UJUMBE', body: 'Habari', client_ref: 'ttl', ttl: 60 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    env.clock.set(new Date(T0.getTime() + 120_000));
    try {
      await run('message_timers');
    } finally {
      env.clock.set(T0);
    }
    expect(await env.sql('select status, charge from messages where id = ?', [res.body.data.id])).toEqual([{ status: 'expired', charge: 'released' }]);
  });

  it('webhook_fan_out takes the outbox events out', async () => {
    await env.sql("insert into outbox_events (id, organization_id, type, subject_id, payload, created_at) values (?, ?, 'message.delivered', 'm', '{}', ?)", [randomUUID(), org.id, T0]);
    await run('webhook_fan_out');
    expect(await count('select count(*)::int as n from outbox_events where delivered_at is null')).toBe(0);
  });

  it('tick, kept for operators and old jobs, still runs every transition', async () => {
    await env.sql("insert into rate_buckets (key, tokens, updated_at, allowed) values ('periodic:tick', 0, clock_timestamp() - interval '2 hours', true)");
    await run('tick');
    expect(await env.sql("select key from rate_buckets where key = 'periodic:tick'")).toEqual([]);
    expect(await jobsOf('tick')).toEqual([]);
  });
});

describe('repeating tasks', () => {
  let scheduled: Record<string, any>;

  it('campaign_progress starts a scheduled campaign whose start has come, then comes back while a campaign is live', async () => {
    const phones = [campaignPhone(), campaignPhone(), campaignPhone()];
    const { groupId } = await createAudience(env, org.id, { phones });
    scheduled = await createDraft(owner, { group_ids: [groupId], traffic_class: 'transactional' });
    const q = await quote(owner, scheduled.id);
    await launch(owner, scheduled.id, { quote_id: q.id, scheduled_at: new Date(T0.getTime() + HOUR).toISOString() });
    env.clock.set(new Date(T0.getTime() + HOUR + 1000));
    await queue(repeatingJob('campaign_progress'));
    await drainJobs(env);
    expect((await call(owner, 'get', `/v1/campaigns/${scheduled.id}`)).body.data.campaign.status).toBe('sending');
    // Its next job waits PROGRESS_WAITING_MS under its key: one job, not yet due.
    const [next, ...more] = await jobsOf('campaign_progress');
    expect(more).toEqual([]);
    expect(next).toMatchObject({ key: 'campaign_progress', attempts: 0, locked: false });
    expect(next!.in_ms).toBeGreaterThan(0);
    expect(next!.in_ms).toBeLessThanOrEqual(PROGRESS_WAITING_MS);
  });

  it('feed_campaigns feeds the sending campaign and stops coming back once every campaign is fed', async () => {
    await queue(repeatingJob('feed_campaigns'));
    await drainJobs(env);
    const rows = await recipientRows(env, scheduled.id);
    expect(rows.map((r) => r.message_status)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(await jobsOf('feed_campaigns')).toEqual([]);
  });

  it('campaign_progress stops coming back once no campaign is live', async () => {
    expect((await call(owner, 'post', `/v1/campaigns/${scheduled.id}/cancel`)).status).toBe(200);
    // The waiting job is made due now, as the crontab's line would.
    await queue({ ...repeatingJob('campaign_progress'), jobKeyMode: 'replace' });
    await drainJobs(env);
    expect((await call(owner, 'get', `/v1/campaigns/${scheduled.id}`)).body.data.campaign.status).toBe('cancelled');
    expect(await jobsOf('campaign_progress')).toEqual([]);
    env.clock.set(T0);
  });

  /** Runs a repeating task of its own (one round a job) with graphile-worker's runOnce; returns its rounds. */
  async function chain(name: string, plan: (round: number) => Found | Error, waitingMs = 60_000): Promise<number> {
    let rounds = 0;
    const tasks: TaskList = {
      [name]: repeatingTask(
        env.deps,
        {
          name,
          waitingMs,
          round: async () => {
            const next = plan(++rounds);
            if (next instanceof Error) throw next;
            return next;
          },
        },
        0,
      ),
    };
    await queue(repeatingJob(name));
    await runOnce({ connectionString: await testDatabaseUrl(), taskList: tasks, logger: quietLogger });
    return rounds;
  }

  it('a repeating task queues its next job at once while its rounds find more, and none once there is nothing', async () => {
    // Three rounds find more, the fourth nothing: four jobs, one after another, and none left.
    expect(await chain('test_more', (n) => (n <= 3 ? 'more' : 'none'))).toBe(4);
    expect(await jobsOf('test_more')).toEqual([]);
  });

  it('while work waits its next job comes waitingMs later; after a failed round, ERROR_PAUSE_MS later, the job itself done', async () => {
    expect(await chain('test_waiting', () => 'waiting', 60_000)).toBe(1);
    const [waiting] = await jobsOf('test_waiting');
    expect(waiting!.in_ms).toBeGreaterThan(55_000);
    expect(await chain('test_failing', () => new Error('database away'))).toBe(1);
    const [failed, ...more] = await jobsOf('test_failing');
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ attempts: 0, last_error: null });
    expect(failed!.in_ms).toBeGreaterThan(0);
    expect(failed!.in_ms).toBeLessThanOrEqual(ERROR_PAUSE_MS);
  });
});

describe('the chain keeper', () => {
  it('queues the repeating tasks when campaign work appears and none of their jobs is alive; a job a dead worker holds is replaced', async () => {
    expect(await keepChains(env.deps)).toEqual([]);
    const launched = await launchOver(env, owner, org.id, [campaignPhone(), campaignPhone()], { traffic_class: 'transactional' });
    expect(await keepChains(env.deps)).toEqual(['campaign_progress', 'feed_campaigns']);
    // Alive: waiting to run.
    expect(await keepChains(env.deps)).toEqual([]);
    // Taken by a worker a minute ago that never finished it: a new job under the key, the old one without it.
    await env.sql("update graphile_worker._private_jobs set locked_at = now() - interval '1 minute', locked_by = 'dead-worker' where key = 'feed_campaigns'");
    expect(await keepChains(env.deps)).toEqual(['feed_campaigns']);
    expect((await jobsOf('feed_campaigns')).map((j) => [j.key, j.locked])).toEqual([
      [null, true],
      ['feed_campaigns', false],
    ]);
    await env.sql("delete from graphile_worker._private_jobs where locked_by = 'dead-worker'");
    await drainJobs(env);
    expect((await recipientRows(env, launched.id)).every((r) => r.message_status === 'accepted')).toBe(true);
    expect(await call(owner, 'post', `/v1/campaigns/${launched.id}/cancel`)).toMatchObject({ status: 200 });
  });
});
