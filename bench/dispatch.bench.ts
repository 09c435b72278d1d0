// `npm run bench -- dispatch`: 100,000 accepted messages dispatched to the SMSC simulator over SMPP, submitted and
// receipted with every ledger entry written; against the raw SMPP loopback rate of client and simulator alone.
import { withInProcessService } from './in-process.ts';
import { startSmscSimulator } from '../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../workers/providers/smpp-client.ts';
import { startDispatcher } from '../workers/dispatcher.ts';
import { nativePool } from '../core/db/sql.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const WINDOW = 500;
const quiet = { info: () => {}, warn: () => {} };
/** Numbers ending in 10: the simulator accepts and receipts them (other endings pick other outcomes). */
const normalNumber = (i: number) => `+25575${String(i).padStart(5, '0')}10`;
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

async function rawLoopback(): Promise<number> {
  let receipts = 0;
  const simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 0 });
  const provider = createSmppProvider({ url: simulator.url, tps: 1_000_000, window: WINDOW, submitTimeoutMs: 10_000, logger: quiet });
  provider.onReceipt(() => void (receipts += 1));
  const n = Math.min(MESSAGES, 50_000);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      provider.submit({ organizationId: 'bench', messageId: String(i), to: normalNumber(i), from: 'UJUMBE', body: 'Habari! Oda yako imefika.', encoding: 'gsm7', segments: 1 }),
    ),
  );
  while (receipts < n) await new Promise((r) => setTimeout(r, 10));
  const rate = n / ((performance.now() - t0) / 1000);
  await provider.close();
  await simulator.close();
  return rate;
}

export async function run(): Promise<void> {
  const raw = await rawLoopback();
  process.stdout.write(`raw SMPP loopback (client and simulator alone, window ${WINDOW}): ${raw.toFixed(0)} msg/s submitted and receipted\n`);
  await withInProcessService(async ({ deps, demo }) => {
    const pool = await nativePool(deps.orm.em);
    const org = demo.organization.id;
    const total = 2000n * BigInt(MESSAGES);
    await pool.query("update wallets set credited = credited + $1, held = held + $1 where organization_id = $2", [total.toString(), org]);
    await pool.query(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
         unit_amount, total, charge, dispatch_after, expires_at, created_at, updated_at)
       select gen_random_uuid(), $1, false, 'accepted', '+25575' || lpad(g::text, 5, '0') || '10', 'UJUMBE', 'Habari! Oda yako imefika.', 'transactional',
         'bench-' || g, 'gsm7', 1, 2000, 2000, 'held', now(), now() + interval '1 day', now(), now()
       from generate_series(1, $2) g`,
      [org, MESSAGES],
    );
    const simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 0 });
    const provider = createSmppProvider({ url: simulator.url, tps: 1_000_000, window: WINDOW, submitTimeoutMs: 10_000, logger: quiet });
    const t0 = performance.now();
    const dispatcher = startDispatcher(deps, { live: null, simulator: provider }, { inFlight: Number(process.env.BENCH_IN_FLIGHT ?? 2 * WINDOW), idleMs: 5, flushMs: 20 });
    for (;;) {
      const { rows } = await pool.query("select count(*)::int as n from messages where organization_id = $1 and status = 'delivered'", [org]);
      if (rows[0].n >= MESSAGES) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    await dispatcher.stop();
    await provider.close();
    await simulator.close();
    const latency = await pool.query(
      `select extract(epoch from (r.received_at - a.started_at)) * 1000 as ms
       from message_receipts r join message_attempts a on a.organization_id = r.organization_id and a.message_id = r.message_id and a.number = 1
       where r.organization_id = $1 order by 1`,
      [org],
    );
    const ms = latency.rows.map((r: { ms: string }) => Number(r.ms));
    const check = await pool.query(
      `select (select count(*) from ledger_entries where organization_id = $1 and kind = 'capture')::int as captures,
         w.available, w.held, w.captured, w.credited, w.credited = w.available + w.held + w.captured as invariant
       from wallets w where w.organization_id = $1`,
      [org],
    );
    const rate = MESSAGES / seconds;
    process.stdout.write(
      [
        `dispatch: ${MESSAGES} messages submitted and receipted in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} msg/s (target >= 3000)`,
        `  submit to receipt recorded: p50 ${pct(ms, 0.5).toFixed(0)} ms, p99 ${pct(ms, 0.99).toFixed(0)} ms (target p99 < 1000 ms)`,
        `  ratio to the raw SMPP loopback rate: ${(rate / raw).toFixed(2)}`,
        `  ledger and wallet: ${JSON.stringify(check.rows[0])}`,
        '',
      ].join('\n'),
    );
  });
}
