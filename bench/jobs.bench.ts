// `npm run bench -- jobs`: what a graphile-worker job costs on this machine against the same work in a loop: a
// chain of jobs that each queue their successor (as a campaign's job does) doing nothing, then
// doing the webhook fan-out; and the fan-out called in a loop, as each webhook sender round calls it. The figures
// behind which work stays a loop (README, "For operators").
import pg from 'pg';
import { run as runWorker, type TaskList } from 'graphile-worker';
import type { Deps } from '../core/app/context.ts';
import { withInProcessService } from './in-process.ts';
import { addJob } from '../core/db/jobs/add-job.ts';
import { fanOut } from '../core/app/webhooks/deliveries.ts';
import { nativePool } from '../core/db/sql.ts';
import { quietLogger } from '../core/db/migrate.ts';

const HOPS = Number(process.env.BENCH_HOPS ?? 2000);

/** Transactions committed in the database so far (statistics are flushed within a second of each backend's work). */
async function commits(pool: pg.Pool): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  const { rows } = await pool.query('select xact_commit::float8 as n from pg_stat_database where datname = current_database()');
  return rows[0].n as number;
}

async function measure(pool: pg.Pool, what: string, work: () => Promise<void>): Promise<void> {
  const before = await commits(pool);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  // The two reads of the counter are transactions of their own: one each side.
  const transactions = (await commits(pool)) - before - 1;
  process.stdout.write(`${what}: ${HOPS} in ${(ms / 1000).toFixed(2)} s = ${(HOPS / (ms / 1000)).toFixed(0)}/s, ${(ms / HOPS).toFixed(2)} ms and ${(transactions / HOPS).toFixed(1)} transactions each\n`);
}

/** A chain of HOPS jobs, one round each, through the runner; resolves when the last one has run. */
async function chain(deps: Deps, url: string, name: string, round: () => Promise<void>): Promise<void> {
  let rounds = 0;
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const next = { task: name, jobKey: name, jobKeyMode: 'replace' as const };
  const taskList: TaskList = {
    [name]: async () => {
      await round();
      rounds += 1;
      if (rounds >= HOPS) done();
      else await addJob(await nativePool(deps.orm.em), next);
    },
  };
  const pgPool = new pg.Pool({ connectionString: url, max: 4 });
  pgPool.on('error', () => {});
  const runner = await runWorker({ pgPool, concurrency: 1, taskList, noHandleSignals: true, pollInterval: 1000, logger: quietLogger });
  await addJob(await nativePool(deps.orm.em), next);
  await finished;
  await runner.stop();
  await pgPool.end();
}

export async function run(): Promise<void> {
  await withInProcessService(async ({ deps, url }) => {
    const pool = await nativePool(deps.orm.em);
    await measure(pool, 'fan-out in a loop (an empty outbox)', async () => {
      for (let i = 0; i < HOPS; i++) await fanOut(deps);
    });
    await measure(pool, 'a chain of jobs doing nothing', () => chain(deps, url, 'bench_nothing', async () => {}));
    await measure(pool, 'a chain of jobs each doing the fan-out (an empty outbox)', () => chain(deps, url, 'bench_fan_out', async () => void (await fanOut(deps))));
  });
}
