// `npm run bench -- campaign`: a 100,000-recipient campaign launched, fed and moved on by its own graphile-worker
// job (task campaign, queued by the launch; the worker's runner, as a worker process runs it), dispatched to the SMSC
// simulator over SMPP and receipted; against single messages dispatched the same way on the same machine.
import type { Pool } from 'pg';
import type { Deps } from '../core/app/context.ts';
import { withInProcessService } from './in-process.ts';
import { memberPoster } from './server-process.ts';
import { startSmscSimulator } from '../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../workers/providers/smpp-client.ts';
import { startDispatcher } from '../workers/dispatcher.ts';
import { startWorkers } from '../workers/runner.ts';
import { nativePool } from '../core/db/sql.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const WINDOW = 500;
const quiet = { info: () => {}, warn: () => {} };
/**
 * The periodic tasks run beside the campaign: campaign_progress, the backstop of its job, or with BENCH_PERIODIC=all
 * every task of the crontab (the minute tasks the tick ran, which the feeder loop of before did not).
 */
const PERIODIC = process.env.BENCH_PERIODIC === 'all' ? undefined : ['campaign_progress'];

/**
 * Runs the dispatcher alone, or (campaigns, given the database's URL) the worker's runner with its campaign jobs
 * and the same dispatcher but no webhook sender, until `done` holds; returns the seconds it took.
 */
async function dispatchUntil(deps: Deps, runnerUrl: string | null, start: () => Promise<void>, done: () => Promise<boolean>): Promise<number> {
  const simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 0 });
  const provider = createSmppProvider({ url: simulator.url, tps: 1_000_000, window: WINDOW, submitTimeoutMs: 10_000, logger: quiet });
  const providers = { live: null, simulator: provider };
  const dispatching = { inFlight: 2 * WINDOW, idleMs: 5, flushMs: 20 };
  const workers = runnerUrl
    ? await startWorkers(deps, runnerUrl, { providers, dispatcher: dispatching, sender: null, periodic: PERIODIC })
    : startDispatcher(deps, providers, dispatching);
  const t0 = performance.now();
  await start();
  while (!(await done())) await new Promise((r) => setTimeout(r, 250));
  const seconds = (performance.now() - t0) / 1000;
  await workers.stop();
  await provider.close();
  await simulator.close();
  return seconds;
}

async function delivered(pool: Pool, org: string, campaign: string | null): Promise<number> {
  const { rows } = await pool.query(
    `select count(*)::int as n from messages where organization_id = $1 and status = 'delivered' and campaign_id is not distinct from $2`,
    [org, campaign],
  );
  return rows[0].n as number;
}

export async function run(): Promise<void> {
  await withInProcessService(async ({ deps, url, demo, listen }) => {
    const pool = await nativePool(deps.orm.em);
    const org = demo.organization.id;
    await pool.query("update wallets set credited = credited + $1, available = available + $1 where organization_id = $2", [(4000n * BigInt(RECIPIENTS)).toString(), org]);
    await pool.query("insert into ledger_entries (id, organization_id, kind, amount, balance_after, held_after, reference, actor_type, created_at) select gen_random_uuid(), $1, 'top_up', $2, available, held, 'bench', 'operator', now() from wallets where organization_id = $1", [org, (4000n * BigInt(RECIPIENTS)).toString()]);

    // Single messages, accepted and held, dispatched the same way: the rate to match.
    await pool.query("update wallets set available = available - $1, held = held + $1 where organization_id = $2", [(2000n * BigInt(RECIPIENTS)).toString(), org]);
    await pool.query(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
         unit_amount, total, charge, dispatch_after, expires_at, created_at, updated_at)
       select gen_random_uuid(), $1, false, 'accepted', '+25574' || lpad(g::text, 5, '0') || '10', 'UJUMBE', 'Habari! Oda yako imefika.', 'transactional',
         'bench-' || g, 'gsm7', 1, 2000, 2000, 'held', now(), now() + interval '1 day', now(), now()
       from generate_series(0, $2 - 1) g`,
      [org, RECIPIENTS],
    );
    const single = await dispatchUntil(deps, null, async () => {}, async () => (await delivered(pool, org, null)) >= RECIPIENTS);
    const singleRate = RECIPIENTS / single;
    process.stdout.write(`single messages: ${RECIPIENTS} dispatched and receipted in ${single.toFixed(1)} s = ${singleRate.toFixed(0)} msg/s\n`);

    // The campaign: numbers ending in 10 (accepted, then DELIVRD), one group.
    await pool.query(
      `insert into contacts (id, organization_id, phone, created_at, updated_at)
       select gen_random_uuid(), $1, '+25576' || lpad(g::text, 5, '0') || '10', now(), now() from generate_series(0, $2 - 1) g`,
      [org, RECIPIENTS],
    );
    const { rows: groups } = await pool.query("insert into groups (id, organization_id, name, created_at, updated_at) values (gen_random_uuid(), $1, 'Bench', now(), now()) returning id", [org]);
    await pool.query('insert into group_members (group_id, contact_id, organization_id, added_at) select $1, id, organization_id, now() from contacts where organization_id = $2', [groups[0].id, org]);
    await pool.query('vacuum analyze');

    const base = await listen();
    const post = await memberPoster(base, demo.member);
    const draft = (await post('/v1/campaigns', { name: 'Bench', sender_id: 'UJUMBE', body: 'Habari! Oda yako imefika.', group_ids: [groups[0].id] }, 'bench-draft')).campaign;
    const { quote } = await post(`/v1/campaigns/${draft.id}/quote`, {}, 'bench-quote');
    let campaignStatus = '';
    const seconds = await dispatchUntil(
      deps,
      url,
      async () => {
        await post(`/v1/campaigns/${draft.id}/launch`, { quote_id: quote.id }, 'bench-launch');
      },
      // The campaign's status is one row to read; the receipts are counted only once it has completed.
      async () => {
        const { rows } = await pool.query('select status from campaigns where id = $1', [draft.id]);
        campaignStatus = rows[0].status;
        return campaignStatus === 'completed' && (await delivered(pool, org, draft.id)) >= RECIPIENTS;
      },
    );
    const rate = RECIPIENTS / seconds;
    const { rows: money } = await pool.query(
      `select sum(amount) filter (where kind = 'hold')::text as reserved, sum(amount) filter (where kind = 'capture')::text as captured,
         coalesce(sum(amount) filter (where kind = 'release'), 0)::text as released
       from ledger_entries where campaign_id = $1`,
      [draft.id],
    );
    const { rows: wallet } = await pool.query('select credited = available + held + captured as invariant from wallets where organization_id = $1', [org]);
    process.stdout.write(
      [
        `campaign: ${RECIPIENTS} recipients launched, fed, dispatched and receipted, campaign ${campaignStatus}, in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} msg/s`,
        `  ratio to single messages on this machine: ${(rate / singleRate).toFixed(2)} (target >= 1.00)`,
        `  reservation ${money[0].reserved}, captured ${money[0].captured}, released ${money[0].released}; wallet invariant ${wallet[0].invariant}`,
        '',
      ].join('\n'),
    );
  });
}
