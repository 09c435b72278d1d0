// `npm run bench -- send`: POST /v1/messages with live keys of many organizations and of one, against a bare
// express handler doing one INSERT in the same run.
import { loadInThread as load, report } from './load.ts';
import { withInProcessService } from './in-process.ts';
import { bareInsertHandler, sendingOrganizations } from './sending-fixtures.ts';
import { nativePool } from '../core/db/sql.ts';

const ORGS = Number(process.env.BENCH_ORGS ?? 50);

export async function run(): Promise<void> {
  await withInProcessService(async ({ deps, demo, listen }) => {
    const keys = await sendingOrganizations(deps, ORGS, 'Bench');
    process.stderr.write(`${ORGS} organizations ready\n`);
    const base = await listen();
    const factory = (k: string[], seed: number) => ({ module: new URL('./send-requests.ts', import.meta.url).href, params: { keys: k, seed } });
    const ok = { method: 'POST', connections: 32 };
    await load({ ...ok, url: `${base}/v1/messages`, seconds: 3, factory: factory(keys, 1) });
    const many = await load({ ...ok, url: `${base}/v1/messages`, seconds: Number(process.env.BENCH_SECONDS ?? 30), factory: factory(keys, 2) });
    report(`POST /v1/messages, ${ORGS} organizations, 32 connections`, many);
    const one = await load({ ...ok, url: `${base}/v1/messages`, seconds: 15, factory: factory([keys[0]!], 3) });
    report('POST /v1/messages, one organization, 32 connections', one);
    const bareHandler = await bareInsertHandler(await nativePool(deps.orm.em));
    const bare = await load({ ...ok, url: bareHandler.url, seconds: 10, factory: factory(keys, 4) });
    await bareHandler.close();
    report('bare express handler, one INSERT', bare);
    process.stdout.write(`ratio to the bare handler: ${(many.rps / bare.rps).toFixed(2)}\n`);
    const pool = await nativePool(deps.orm.em);
    const check = await pool.query(
      `select count(*)::int as messages, sum(total)::bigint as total,
         (select sum(held)::bigint from wallets) as held,
         (select count(*)::int from ledger_entries where kind = 'hold') as holds
       from messages`,
    );
    process.stdout.write(`holds: ${JSON.stringify(check.rows[0])} (one hold per message, held = sum of totals)\n`);
    void demo;
  });
}
