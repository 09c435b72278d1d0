// `npm run bench -- export`: the CSV of a launched campaign with 500,000 recipients (300,000 of them queued with
// messages), downloaded as the demo member: total time (target < 2 s), first byte (target < 100 ms), and the
// server's resident memory growth while it streams (target < 50 MiB). The service runs in-process in a child of
// this process, started with the node flags of `npm start`, so the memory watched is the server's alone.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Deps } from '../core/app/context.ts';
import { withInProcessService } from './in-process.ts';
import { sessionHeaders } from './server-process.ts';

const RECIPIENTS = 500_000;
const QUEUED = 300_000;
const SERVER_ROLE = 'EXPORT_BENCH_SERVER';

interface Ready {
  base: string;
  campaignId: string;
  member: { email: string; password: string };
  liveKey: string;
  seededMs: number;
}

/** A campaign launched a day ago, its quote and recipients; the first QUEUED have messages in every final and open status. */
async function seedCampaign(deps: Deps, organizationId: string): Promise<string> {
  const em = deps.orm.em.fork();
  const [ids] = (await em.execute('select uuidv7() as campaign_id, uuidv7() as quote_id')) as { campaign_id: string; quote_id: string }[];
  const { campaign_id: campaignId, quote_id: quoteId } = ids!;
  await em.execute(
    `insert into campaign_quotes (id, organization_id, campaign_id, campaign_version, group_ids, memberships, eligible, duplicates, opted_out, no_consent,
       traffic_class, encoding, segments, sms_route, price_plan_id, unit_amount, total, created_at, expires_at)
     values (?, ?, ?, 1, '{}', ?, ?, 0, 0, 0, 'transactional', 'gsm7', 1, 'gsm0338', uuidv7(), 2000, ?, now() - interval '1 day', now() - interval '1 day')`,
    [quoteId, organizationId, campaignId, RECIPIENTS, RECIPIENTS, 2000 * RECIPIENTS],
  );
  await em.execute(
    `insert into campaigns (id, organization_id, name, traffic_class, sender, body, encoding, segments, status, created_via, quote_id, launch_quote_id,
       launched_at, reserved, starts_at, expires_at, started_at, fed_through, audience_size, created_at, updated_at)
     values (?, ?, 'Bench', 'transactional', 'UJUMBE', 'Habari', 'gsm7', 1, 'sending', 'dashboard', ?, ?, now() - interval '1 day', ?,
       now() - interval '1 day', now() + interval '1 day', now() - interval '1 day', ?, ?, now() - interval '1 day', now())`,
    [campaignId, organizationId, quoteId, quoteId, 2000 * RECIPIENTS, QUEUED, RECIPIENTS],
  );
  await em.execute(
    `insert into campaign_recipients (organization_id, quote_id, n, phone, status, message_id, queued_at, updated_at)
     select ?, ?, g, '+255754' || lpad(g::text, 6, '0'), case when g <= ? then 'queued' else 'pending' end,
       case when g <= ? then uuidv7() end, case when g <= ? then now() - interval '1 hour' end, case when g <= ? then now() - interval '1 hour' end
     from generate_series(1, ?) g`,
    [organizationId, quoteId, QUEUED, QUEUED, QUEUED, QUEUED, RECIPIENTS],
  );
  // Delivered mostly; every tenth failed (with a reason), undelivered, submitted or unknown.
  await em.execute(
    `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments, unit_amount, total,
       charge, failure_reason, campaign_id, dispatch_after, expires_at, submit_started_at, created_at, updated_at, final_at)
     select r.message_id, r.organization_id, false, s.status, r.phone, 'UJUMBE', 'Habari', 'transactional', ? || '/' || r.n, 'gsm7', 1, 2000, 2000,
       case s.status when 'failed' then 'released' when 'unknown' then 'held' else 'captured' end,
       case s.status when 'failed' then 'rejected by the operator' end, ?, r.queued_at, now() + interval '1 day', r.queued_at, r.queued_at, now(),
       case when s.status in ('delivered', 'undelivered', 'failed') then now() end
     from campaign_recipients r
     cross join lateral (select (array['failed', 'undelivered', 'submitted', 'unknown', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered'])[r.n % 10 + 1] as status) s
     where r.organization_id = ? and r.quote_id = ? and r.message_id is not null`,
    [`${campaignId}/`, campaignId, organizationId, quoteId],
  );
  await em.execute('vacuum analyze');
  return campaignId;
}

/** The child: the service with the seeded campaign, serving until the parent says stop. */
async function serve(): Promise<void> {
  await withInProcessService(async ({ deps, demo, listen }) => {
    const t0 = performance.now();
    const campaignId = await seedCampaign(deps, demo.organization.id);
    const ready: Ready = { base: await listen(), campaignId, member: demo.member, liveKey: demo.liveKey, seededMs: performance.now() - t0 };
    const stopped = new Promise((resolve) => process.once('message', resolve));
    process.send!(ready);
    await stopped;
  });
}

async function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const nodeFlags = pkg.scripts.start.split(/\s+/).filter((a) => a.startsWith('--'));
  const child = fork(process.argv[1]!, ['export'], { env: { ...process.env, [SERVER_ROLE]: '1' }, execArgv: nodeFlags, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, ready };
}

interface Download {
  status: number;
  firstByteMs: number;
  firstRowMs: number;
  totalMs: number;
  bytes: number;
  lines: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Reads the whole file without keeping it, sampling the server's resident memory every 5 ms. */
async function download(url: string, headers: Record<string, string>, pid: number): Promise<Download> {
  const rssBeforeMiB = rssOf(pid);
  let rssPeakMiB = rssBeforeMiB;
  const watch = setInterval(() => (rssPeakMiB = Math.max(rssPeakMiB, rssOf(pid))), 5);
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  let firstByteMs = 0;
  let firstRowMs = 0;
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - t0;
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines += 1;
    // The header line is the first; a second line ending means a recipient's row has arrived.
    if (firstRowMs === 0 && lines >= 2) firstRowMs = performance.now() - t0;
    bytes += value.length;
  }
  const totalMs = performance.now() - t0;
  clearInterval(watch);
  rssPeakMiB = Math.max(rssPeakMiB, rssOf(pid));
  return { status: res.status, firstByteMs, firstRowMs, totalMs, bytes, lines, rssBeforeMiB, rssPeakMiB, rssAfterMiB: rssOf(pid) };
}

function report(label: string, d: Download): string {
  return (
    `${label.padEnd(20)} ${d.status} ${d.lines - 1} rows ${(d.bytes / 1024 / 1024).toFixed(1)} MiB | total ${d.totalMs.toFixed(0)} ms, ` +
    `first byte ${d.firstByteMs.toFixed(1)} ms, first row ${d.firstRowMs.toFixed(1)} ms | server RSS ${d.rssBeforeMiB.toFixed(0)} MiB before, ` +
    `${d.rssPeakMiB.toFixed(0)} peak, ${d.rssAfterMiB.toFixed(0)} after, growth ${(d.rssPeakMiB - d.rssBeforeMiB).toFixed(1)} MiB`
  );
}

async function measure(): Promise<void> {
  const { child, ready } = await startServer();
  try {
    process.stdout.write(`seeded ${RECIPIENTS} recipients (${QUEUED} with messages) in ${(ready.seededMs / 1000).toFixed(1)} s\n`);
    const url = `${ready.base}/v1/campaigns/${ready.campaignId}/messages.csv`;
    const member = await sessionHeaders(ready.base, ready.member);
    // The bucket allows five exports in a burst: three timed as the member, one as an API key (masked), one spare.
    const runs: Download[] = [];
    for (let i = 1; i <= 3; i++) {
      const d = await download(url, member, child.pid!);
      if (d.status !== 200 || d.lines !== RECIPIENTS + 1) throw new Error(`the export answered ${d.status} with ${d.lines} lines`);
      runs.push(d);
      process.stdout.write(`${report(`run ${i} (member)`, d)}\n`);
    }
    process.stdout.write(`${report('live key (masked)', await download(url, { authorization: `Bearer ${ready.liveKey}` }, child.pid!))}\n`);
    const worst = (pick: (d: Download) => number) => Math.max(...runs.map(pick));
    process.stdout.write(
      `member runs, worst of 3: total ${worst((d) => d.totalMs).toFixed(0)} ms (target < 2000), first byte ${worst((d) => d.firstByteMs).toFixed(1)} ms (target < 100), ` +
        `first row ${worst((d) => d.firstRowMs).toFixed(1)} ms, server RSS growth ${worst((d) => d.rssPeakMiB - d.rssBeforeMiB).toFixed(1)} MiB (target < 50), ` +
        `over all runs ${(Math.max(...runs.map((d) => d.rssPeakMiB)) - runs[0]!.rssBeforeMiB).toFixed(1)} MiB\n`,
    );
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function run(): Promise<void> {
  await (process.env[SERVER_ROLE] ? serve() : measure());
}
