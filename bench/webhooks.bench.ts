// `npm run bench -- webhooks`: the service as `npm start` runs it (durable embedded PostgreSQL, workers in the
// same process, live dispatch to an SMSC simulator that receipts at once) sends webhooks to a local receiver
// answering 200 while it keeps accepting sends: 10,000 messages give 20,000 events (submitted, delivered).
// Then a second endpoint that holds every call for 15 s joins, and 10,000 more messages go out: the healthy
// endpoint's rate is compared with the first run's. Every request's signature is checked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { loadInThread as load, report } from './load.ts';
import { memberPoster, startServerProcess } from './server-process.ts';
import { startSmscSimulator } from '../workers/providers/smsc-simulator.ts';
import { startEmbedded } from '../core/db/embedded.ts';
import { createOrm } from '../core/db/orm.ts';
import { defaultConfig, newCtx, type Deps } from '../core/app/context.ts';
import { systemClock } from '../core/app/clock.ts';
import { creditWallet } from '../core/app/wallet/credit-wallet.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const HANG_MS = 15_000;

interface Receiver {
  url: string;
  /** Arrival times (ms) and lags from the event's timestamp, of every request. */
  arrivals: number[];
  lags: number[];
  ids: Set<string>;
  badSignatures: number;
  verifyWith(secret: string): void;
  close(): Promise<void>;
}

async function receiver(hangMs = 0): Promise<Receiver> {
  let webhook: Webhook | null = null;
  const r: Receiver = {
    url: '',
    arrivals: [],
    lags: [],
    ids: new Set(),
    badSignatures: 0,
    verifyWith: (secret) => (webhook = new Webhook(secret)),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const now = Date.now();
      r.arrivals.push(now);
      r.lags.push(now - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
      r.ids.add(String(req.headers['webhook-id']));
      try {
        webhook?.verify(body, req.headers as Record<string, string>);
      } catch {
        r.badSignatures += 1;
      }
      const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (hangMs) setTimeout(answer, hangMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return r;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

/** Sends MESSAGES live messages and waits until the healthy receiver has `expected` deliveries; its rate. */
async function round(label: string, base: string, key: string, seed: number, healthy: Receiver, expected: number): Promise<number> {
  const from = healthy.arrivals.length;
  const started = Date.now();
  const factory = { module: new URL('./send-requests.ts', import.meta.url).href, params: { keys: [key], seed, delivered: true } };
  const sent = await load({ url: `${base}/v1/messages`, method: 'POST', connections: CONNECTIONS, seconds: 600, requests: MESSAGES, factory });
  report(`  ${label}: POST /v1/messages meanwhile`, sent);
  process.stdout.write(`  ${label}: status codes ${JSON.stringify(sent.statuses)}\n`);
  const deadline = Date.now() + 300_000;
  while (healthy.arrivals.length - from < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const got = healthy.arrivals.slice(from);
  const lags = healthy.lags.slice(from);
  const seconds = ((got[got.length - 1] ?? started) - started) / 1000;
  const rate = got.length / seconds;
  process.stdout.write(
    `  ${label}: ${got.length} of ${expected} deliveries to the healthy endpoint in ${seconds.toFixed(1)} s from the first send: ${rate.toFixed(0)} deliveries/s; ` +
      `event to arrival p50 ${pct(lags, 0.5)} ms, p99 ${pct(lags, 0.99)} ms\n`,
  );
  return rate;
}

export async function run(): Promise<void> {
  const simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 0 });
  const server = await startServerProcess({ LIVE_DISPATCH: 'on', SMPP_URL: simulator.url, SMPP_TPS: '10000', SMPP_WINDOW: '500', RATE_LIMIT_LIVE_RPS: '100000' });
  // The demo organization's wallet, funded for the runs (cents).
  const db = await startEmbedded(server.dataDir);
  const orm = await createOrm(db.url, { poolMax: 2 });
  const deps: Deps = { orm, clock: systemClock, config: defaultConfig };
  await creditWallet(await newCtx(deps), { kind: 'operator' }, { organizationId: server.organizationId, amount: 100_000_000_000n, reference: 'bench' });
  await orm.close();
  const healthy = await receiver();
  const hanging = await receiver(HANG_MS);
  try {
    const post = await memberPoster(server.base, server.member);
    const endpoint = async (url: string, key: string) => (await post('/v1/webhook-endpoints', { url, event_types: ['message.submitted', 'message.delivered'] }, key)) as { secret: string };
    healthy.verifyWith((await endpoint(healthy.url, 'bench-healthy')).secret);
    process.stdout.write(`webhooks: ${MESSAGES} live messages a run (two events each) over ${CONNECTIONS} connections, durable, dispatched and receipted meanwhile\n`);
    const alone = await round('one healthy endpoint', server.base, server.liveKey, 21, healthy, 2 * MESSAGES);
    hanging.verifyWith((await endpoint(hanging.url, 'bench-hanging')).secret);
    const beside = await round(`beside an endpoint that holds every call ${HANG_MS / 1000} s`, server.base, server.liveKey, 22, healthy, 2 * MESSAGES);
    process.stdout.write(
      [
        `  the healthy endpoint's rate beside the hanging one: ${((beside / alone) * 100).toFixed(0)}% of its rate alone (target: a drop under 10%)`,
        `  hanging endpoint: ${hanging.arrivals.length} calls received meanwhile`,
        `  healthy endpoint: ${healthy.arrivals.length} requests, ${healthy.ids.size} distinct webhook-ids, ${healthy.badSignatures} bad signatures`,
        '',
      ].join('\n'),
    );
  } finally {
    await healthy.close();
    await hanging.close();
    await server.stop();
    await simulator.close();
  }
}
