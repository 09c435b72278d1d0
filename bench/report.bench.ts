// `npm run bench -- report`: 2,000,000 messages over 90 days across 5 senders, 20 campaigns, every operator and
// every status, written through the messages table (its rollup trigger runs as in service), then the tick's fold.
// Measured over HTTP with a live key while four other organizations send over 8 connections (their holds, ledger
// entries, messages and rollup deltas written meanwhile, durable): deliveryReport for 30 days grouped by DAY and
// SENDER (target p99 < 200 ms), and pages of 100 messages with filters (target p99 < 50 ms). No workers run:
// the seeded messages carry no ledger, and a dispatcher or the timers would move their money.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withInProcessService } from './in-process.ts';
import { createServiceApp } from '../bin/server/app.ts';
import { mountGraphql } from '../graphql/yoga.ts';
import { nativePool } from '../core/db/sql.ts';
import { foldRollupDeltas } from '../core/db/reports/rollups.ts';
import { loadInThread } from './load.ts';
import { sendingOrganizations } from './sending-fixtures.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2_000_000);
const CHUNK = 200_000;
const DAYS = 90;
const RUNS = 100;
const SEND_CONNECTIONS = Number(process.env.BENCH_SEND_CONNECTIONS ?? 8);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function run(): Promise<void> {
  await withInProcessService(async ({ deps, demo }) => {
    const org = demo.organization.id;
    const pool = await nativePool(deps.orm.em);
    const campaigns = Array.from({ length: 20 }, () => crypto.randomUUID());
    const t0 = performance.now();
    // Ids in creation order (version 7: the creation time in the first 48 bits), as the service makes them.
    for (let done = 0; done < MESSAGES; done += CHUNK) {
      await pool.query(
        `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments, unit_amount, total,
           charge, campaign_id, dispatch_after, expires_at, created_at, updated_at, final_at)
         select (lpad(to_hex((extract(epoch from t) * 1000)::bigint), 12, '0') || '7' || substr(md5(g::text), 1, 3) || '8' || substr(md5(g::text), 4, 15))::uuid, $1, false,
           s.status, '+255' || (array['74','75','68','71','62','73','65'])[1 + g % 7] || lpad((g % 10000000)::text, 7, '0'),
           (array['UJUMBE','DUKA','BENKI','SHULE','AFYA'])[1 + g % 5], 'Habari', case when g % 4 = 0 then 'promotional' else 'transactional' end,
           'r' || g, 'gsm7', 1 + g % 3, 2000, 2000 * (1 + g % 3),
           case s.status when 'delivered' then 'captured' when 'undelivered' then 'captured' when 'submitted' then 'captured'
             when 'failed' then 'released' when 'cancelled' then 'released' when 'expired' then 'released' else 'held' end,
           case when g % 3 = 0 then ($2::uuid[])[1 + (g / 3) % 20] end, t, t + interval '1 day', t, t, case when s.status in ('delivered','undelivered','failed','cancelled','expired') then t end
         from generate_series($3::bigint, $4::bigint) g
         cross join lateral (select now() - (g * (${DAYS} * 86400.0 / ${MESSAGES})) * interval '1 second' as t) tt
         cross join lateral (select (array['delivered','delivered','delivered','delivered','delivered','delivered','undelivered','failed','unknown','expired','cancelled','accepted','submitted'])[1 + g % 13] as status) s`,
        [org, campaigns, done + 1, Math.min(done + CHUNK, MESSAGES)],
      );
    }
    const seeded = performance.now();
    const folded = await foldRollupDeltas(pool);
    await pool.query('vacuum analyze messages');
    await pool.query('vacuum analyze message_rollups');
    const rollups = (await pool.query('select count(*)::int as n from message_rollups')).rows[0].n as number;
    process.stdout.write(
      `report: ${MESSAGES} messages over ${DAYS} days written in ${((seeded - t0) / 1000).toFixed(1)} s (rollup deltas by the trigger), ` +
        `${folded} deltas folded into ${rollups} rollup rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`,
    );

    const server = http.createServer(createServiceApp(deps, { surfaces: [mountGraphql] }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Sends go on while the reads are measured, batch after batch (fresh numbers and keys each batch).
    const keys = await sendingOrganizations(deps, 4, 'Report bench sender');
    let sending = true;
    const sent = { requests: 0, errors: 0, seconds: 0 };
    const sends = (async () => {
      for (let batch = 1; sending; batch++) {
        const factory = { module: new URL('./send-requests.ts', import.meta.url).href, params: { keys, seed: batch * 2_001 } };
        const r = await loadInThread({ url: `${base}/v1/messages`, method: 'POST', connections: SEND_CONNECTIONS, seconds: 60, requests: 2_000, factory });
        sent.requests += r.requests;
        sent.errors += r.errors;
        sent.seconds += r.seconds;
      }
    })();
    const headers = { authorization: `Bearer ${demo.liveKey}`, 'content-type': 'application/json' };
    const ask = async (query: string, variables: object) => {
      const t = performance.now();
      const res = await fetch(`${base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      const body = (await res.json()) as { errors?: unknown; data?: Record<string, unknown> };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return { ms: performance.now() - t, data: body.data! };
    };
    const measure = async (label: string, query: string, variables: object, target: number) => {
      for (let i = 0; i < 5; i++) await ask(query, variables);
      const xs: number[] = [];
      let last: Record<string, unknown> = {};
      for (let i = 0; i < RUNS; i++) {
        const r = await ask(query, variables);
        xs.push(r.ms);
        last = r.data;
      }
      const rows = Object.values(last)[0] as unknown;
      const size = Array.isArray(rows) ? rows.length : ((rows as { edges?: unknown[] }).edges?.length ?? 0);
      process.stdout.write(`${label.padEnd(52)} ${String(size).padStart(4)} rows  p50 ${pct(xs, 0.5).toFixed(1)} ms  p99 ${pct(xs, 0.99).toFixed(1)} ms  (target p99 < ${target} ms)\n`);
    };
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const daysAgo = (n: number) => `${new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10)}T00:00:00+03:00`;
    const report = `query ($from: DateTime!, $to: DateTime!, $by: [ReportDimension!]!) {
      deliveryReport(from: $from, to: $to, groupBy: $by) { day sender messages segments delivered undelivered failed unknown expired cancelled pending deliveryRate spendCents heldCents } }`;
    await measure('deliveryReport, 30 days by DAY and SENDER', report, { from: daysAgo(30), to: daysAgo(0), by: ['DAY', 'SENDER'] }, 200);
    await measure('deliveryReport, 90 days by OPERATOR and TRAFFIC_CLASS', report, { from: daysAgo(90), to: daysAgo(0), by: ['OPERATOR', 'TRAFFIC_CLASS'] }, 200);
    const page = `query ($f: MessageFilter, $after: String) {
      messages(first: 100, filter: $f, after: $after) { edges { node { id status from to createdAt price { total } } } pageInfo { endCursor } } }`;
    await measure('messages, 100, no filter', page, { f: {} }, 50);
    await measure('messages, 100, DELIVERED from DUKA', page, { f: { status: ['DELIVERED'], sender: 'DUKA' } }, 50);
    await measure('messages, 100, one campaign', page, { f: { campaignId: campaigns[7] } }, 50);
    await measure('messages, 100, FAILED or EXPIRED, promotional', page, { f: { status: ['FAILED', 'EXPIRED'], trafficClass: 'PROMOTIONAL' } }, 50);
    const monthAgo = { createdFrom: daysAgo(31), createdTo: daysAgo(30) };
    await measure('messages, 100, one day a month ago', page, { f: monthAgo }, 50);
    const after = ((await ask(page, { f: monthAgo })).data.messages as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    await measure('messages, 100, one day a month ago, next page', page, { f: monthAgo, after }, 50);
    await measure('messages, 100, UNDELIVERED in a week 60 days ago', page, { f: { status: ['UNDELIVERED'], createdFrom: daysAgo(67), createdTo: daysAgo(60) } }, 50);
    sending = false;
    await sends;
    process.stdout.write(`sends meanwhile: ${sent.requests} over ${SEND_CONNECTIONS} connections, ${(sent.requests / sent.seconds).toFixed(0)} req/s, ${sent.errors} not accepted\n`);
    server.close();
  });
}
