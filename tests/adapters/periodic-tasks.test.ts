// The graphile-worker tasks, each queued and drained with graphile-worker's runOnce on this file's database: each
// periodic task runs its use case; a campaign's own job is queued by its launch and its cancel, starts, feeds and
// ends it, and comes back while it waits or a pause after a step the database refused; campaign_progress and a move
// of the test clock wake every live one.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addJob, type JobSpec } from '../../core/db/jobs/add-job.ts';
import { campaignJob } from '../../core/db/jobs/campaign-jobs.ts';
import { WINDOW_CHANGE_KEY } from '../../core/db/jobs/timer-jobs.ts';
import { FIRST_WAIT_MS } from '../../core/app/campaigns/run-campaign.ts';
import { ERROR_PAUSE_MS } from '../../workers/tasks/campaign.ts';
import { advanceClock } from '../../core/app/platform/test-clock.ts';
import { bearer, createOrg, drainJobs, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { call, campaignPhone, createAudience, createDraft, launch, launchOver, quote, recipientRows } from '../support/campaigns.ts';

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
  return env.sql<{ key: string | null; attempts: number; last_error: string | null; locked: boolean; in_ms: number; after_queued_ms: number }>(
    `select key, attempts, last_error, locked_at is not null as locked, (extract(epoch from run_at - now()) * 1000)::float8 as in_ms,
            (extract(epoch from run_at - created_at) * 1000)::float8 as after_queued_ms
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
    // It queued itself for the window's next change: its close at 20:00 EAT (17:00Z), eight hours after T0, less
    // the two minutes the clock was ahead.
    const window = (await jobsOf('message_timers')).find((j) => j.key === WINDOW_CHANGE_KEY);
    expect(window!.in_ms).toBeGreaterThan(8 * HOUR - 120_000 - 60_000);
    expect(window!.in_ms).toBeLessThanOrEqual(8 * HOUR - 120_000);
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

describe("each campaign's own job", () => {
  let scheduled: Record<string, any>;
  const ref = (c: Record<string, any>) => ({ organizationId: org.id, id: c.id as string });
  const campaignJobs = async (c: Record<string, any>) => (await jobsOf('campaign')).filter((j) => j.key === `campaign:${c.id}`);

  it('the launch queues it for the start, in its transaction; a refused launch queues nothing', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone(), campaignPhone(), campaignPhone()] });
    scheduled = await createDraft(owner, { group_ids: [groupId], traffic_class: 'transactional' });
    const q = await quote(owner, scheduled.id);
    const refused = await call(owner, 'post', `/v1/campaigns/${scheduled.id}/launch`, { quote_id: randomUUID() }, randomUUID());
    expect(refused.status).toBe(422);
    expect(await jobsOf('campaign')).toEqual([]);
    await launch(owner, scheduled.id, { quote_id: q.id, scheduled_at: new Date(T0.getTime() + HOUR).toISOString() });
    const [job, ...more] = await campaignJobs(scheduled);
    expect(more).toEqual([]);
    expect(job).toMatchObject({ attempts: 0, locked: false });
    expect(job!.in_ms).toBeGreaterThan(HOUR - 60_000);
    expect(job!.in_ms).toBeLessThanOrEqual(HOUR);
  });

  it('at its start the job starts the campaign, feeds it, and comes back shortly while its messages wait for answers', async () => {
    env.clock.set(new Date(T0.getTime() + HOUR + 1000));
    // Its start has come by the test clock: the job is made due now, as a move of the clock does (wakeTimers).
    await queue(campaignJob(ref(scheduled), 0));
    await drainJobs(env);
    expect((await call(owner, 'get', `/v1/campaigns/${scheduled.id}`)).body.data.campaign.status).toBe('sending');
    expect((await recipientRows(env, scheduled.id)).map((r) => r.message_status)).toEqual(['accepted', 'accepted', 'accepted']);
    const [next, ...more] = await campaignJobs(scheduled);
    expect(more).toEqual([]);
    // Measured from when the step queued it, not from now: a busy machine may take longer than the wait to get here.
    expect(next!.after_queued_ms).toBeGreaterThan(0);
    expect(next!.after_queued_ms).toBeLessThanOrEqual(FIRST_WAIT_MS);
  });

  it('a cancel queues it at once; once the campaign is over it queues no next job', async () => {
    // The clock goes back to T0 for the tests after, even when this one fails (a failure must not spread).
    onTestFinished(() => env.clock.set(T0));
    expect((await call(owner, 'post', `/v1/campaigns/${scheduled.id}/cancel`)).status).toBe(200);
    expect((await campaignJobs(scheduled))[0]!.in_ms).toBeLessThanOrEqual(0);
    // A step that ends the cancel may still be finishing when a drain returns on a loaded machine: drain until the
    // campaign's jobs are done, a few rounds at most (a step that kept queueing successors would never get there).
    for (let round = 0; round < 5 && (round === 0 || (await campaignJobs(scheduled)).length > 0); round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, 200));
      await drainJobs(env);
    }
    expect((await call(owner, 'get', `/v1/campaigns/${scheduled.id}`)).body.data.campaign.status).toBe('cancelled');
    expect(await campaignJobs(scheduled)).toEqual([]);
  });

  it('campaign_progress queues again the job of a live campaign that lost it, which then feeds it', async () => {
    const launched = await launchOver(env, owner, org.id, [campaignPhone(), campaignPhone()], { traffic_class: 'transactional' });
    await env.sql("delete from graphile_worker._private_jobs where key = 'campaign:' || ?", [launched.id]);
    await run('campaign_progress');
    expect((await recipientRows(env, launched.id)).every((r) => r.message_status === 'accepted')).toBe(true);
    expect(await campaignJobs(launched)).toHaveLength(1);
    expect(await call(owner, 'post', `/v1/campaigns/${launched.id}/cancel`)).toMatchObject({ status: 200 });
    await drainJobs(env);
  });

  it('a step the database refuses ends its job cleanly with the next one queued a pause later; that one then starts the campaign', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const refused = await createDraft(owner, { group_ids: [groupId], traffic_class: 'transactional' });
    await launch(owner, refused.id, { quote_id: (await quote(owner, refused.id)).id, scheduled_at: new Date(T0.getTime() + HOUR).toISOString() });
    env.clock.set(new Date(T0.getTime() + HOUR + 1000));
    try {
      // A real refusal by the database: this campaign's row cannot change while the trigger stands.
      await env.sql(`create function refuse_campaign_update() returns trigger language plpgsql as $$ begin raise exception 'campaign row refused'; end $$`);
      await env.sql(`create trigger refuse_campaign_update before update on campaigns for each row when (old.id = '${refused.id}') execute function refuse_campaign_update()`);
      try {
        await queue(campaignJob(ref(refused), 0, 400));
        await drainJobs(env);
        const [next, ...more] = await campaignJobs(refused);
        expect(more).toEqual([]);
        // The failed step's job ended (no attempt counted, no error kept); its successor keeps the pause it had reached.
        expect(next).toMatchObject({ attempts: 0, last_error: null, locked: false });
        expect(next!.in_ms).toBeGreaterThan(0);
        expect(next!.in_ms).toBeLessThanOrEqual(ERROR_PAUSE_MS);
        expect((await env.sql<{ payload: any }>("select payload from graphile_worker._private_jobs where key = 'campaign:' || ?", [refused.id]))[0]!.payload.waited_ms).toBe(400);
        expect((await call(owner, 'get', `/v1/campaigns/${refused.id}`)).body.data.campaign.status).toBe('scheduled');
      } finally {
        await env.sql('drop trigger refuse_campaign_update on campaigns');
        await env.sql('drop function refuse_campaign_update()');
      }
      await queue(campaignJob(ref(refused), 0));
      await drainJobs(env);
      expect((await call(owner, 'get', `/v1/campaigns/${refused.id}`)).body.data.campaign.status).toBe('sending');
      expect(await call(owner, 'post', `/v1/campaigns/${refused.id}/cancel`)).toMatchObject({ status: 200 });
      await drainJobs(env);
    } finally {
      env.clock.set(T0);
    }
  });

  it('a move of the test clock makes every live campaign\'s job and the window\'s job due at once', async () => {
    const { groupId } = await createAudience(env, org.id, { phones: [campaignPhone()] });
    const later = await createDraft(owner, { group_ids: [groupId], traffic_class: 'transactional' });
    await launch(owner, later.id, { quote_id: (await quote(owner, later.id)).id, scheduled_at: new Date(T0.getTime() + 2 * HOUR).toISOString() });
    expect((await campaignJobs(later))[0]!.in_ms).toBeGreaterThan(HOUR);
    await advanceClock(await env.ctx(), 0);
    expect((await campaignJobs(later))[0]!.in_ms).toBeLessThanOrEqual(0);
    expect((await jobsOf('message_timers')).find((j) => j.key === WINDOW_CHANGE_KEY)!.in_ms).toBeLessThanOrEqual(0);
    expect(await call(owner, 'post', `/v1/campaigns/${later.id}/cancel`)).toMatchObject({ status: 200 });
    await env.sql("delete from graphile_worker._private_jobs where key = 'campaign:' || ? or key = ?", [later.id, WINDOW_CHANGE_KEY]);
  });
});
