// The world the runs share: the harness's PostgreSQL, the fault-injecting SMSC and the service's processes (one
// `npm start`, API replicas, worker replicas), all on one database, live dispatch on, with two binds to the SMSC.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../core/db/embedded.ts';
import { startSmscSimulator, type SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import { startChaosDatabase, type ChaosDatabase } from './cluster.ts';
import { serviceProcess, type Crash, type Role, type ServiceProcess } from './processes.ts';
import { createRecorder, type Recorder } from './recorder.ts';
import { ops } from './ops.ts';
import { createInboundLedger, type InboundLedger } from './inbound.ts';
import { inboundProbe, smscOf } from './inbound-db.ts';
import { simulatorCallbackSecret } from '../../workers/providers/payments/index.ts';

export interface WorldOptions {
  apis: number;
  workers: number;
  /** SMPP_SUBMIT_TIMEOUT_MS of every process: short, so that ambiguity comes fast. */
  submitTimeoutMs: number;
  /** Delay of the SMSC's receipts. */
  dlrDelayMs: number;
  /** SMPP_TPS of every process. */
  tps: number;
}

export interface World {
  db: ChaosDatabase;
  sim: SmscSimulator;
  recorder: Recorder;
  /** What the SMSC sent from handsets and what it heard back, with the probe after each acknowledgement. */
  inbound: InboundLedger;
  fleet: ServiceProcess[];
  /** A pool of the harness's own for the checks (read-only SQL). */
  pool: pg.Pool;
  options: WorldOptions;
  /** The secret the deployment's payments simulator signs notices with: the harness posts paybill notices as the aggregator. */
  paymentsCallbackSecret: string;
  /** Base URLs of the processes that serve the API. */
  apis(): string[];
  /** Processes that ended on their own (and were started again), in order. */
  crashes: Crash[];
  /** The random source of the SMSC's fault decisions from now on (each run seeds its own). */
  setRandom(random: () => number): void;
  /** Every process up (one started again after a crash may still be starting). */
  allUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Two binds to the one fault-injecting SMSC, Vodacom's and Airtel's, each the other's fallback: every fault hits
 * two lanes of every worker, and a message may fail over only if it was never written.
 */
async function twoBinds(url: string, smsc: string, options: WorldOptions, key: string): Promise<void> {
  const env = { WEBHOOK_SECRETS_KEY: key };
  const settings = ['--url', smsc, '--tps', String(options.tps), '--submit-timeout-ms', String(options.submitTimeoutMs)];
  await ops(url, ['binds', 'add', 'vodacom-1', ...settings], env);
  await ops(url, ['binds', 'add', 'airtel-1', ...settings], env);
  await ops(url, ['routes', 'set', 'vodacom', '--binds', 'vodacom-1,airtel-1'], env);
  await ops(url, ['routes', 'set', 'airtel', '--binds', 'airtel-1,vodacom-1'], env);
}

export async function startWorld(options: WorldOptions): Promise<World> {
  const db = await startChaosDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ujumbe-chaos-data-'));
  const recorder = createRecorder();
  let random: () => number = Math.random;
  // Bound once the pool exists: no message from a handset is sent before then.
  let probe: Parameters<typeof createInboundLedger>[0] = () => Promise.reject(new Error('no pool yet'));
  const inbound = createInboundLedger((m, seq) => probe(m, seq));
  const sim = await startSmscSimulator({
    port: 0,
    dlrDelayMs: options.dlrDelayMs,
    random: () => random(),
    onSubmit: recorder.onSubmit,
    onAnswer: recorder.onAnswer,
    onReceipt: recorder.onReceipt,
    onInbound: inbound.onInbound,
  });
  await ops(db.url, ['platform', 'live-dispatch', 'on']);
  const webhookSecretsKey = randomBytes(32);
  await twoBinds(db.url, sim.url, options, webhookSecretsKey.toString('base64'));
  const env = {
    DATABASE_URL: db.url,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LIVE_DISPATCH: 'on',
    SMPP_URL: sim.url,
    SMPP_SUBMIT_TIMEOUT_MS: String(options.submitTimeoutMs),
    // An operator's link is often allowed a few dozen submits a second: the pacer then queues a burst.
    SMPP_TPS: String(options.tps),
    RATE_LIMIT_LIVE_RPS: '100000',
    // Every process of a deployment shares the key that seals webhook secrets (and signs the simulator's notices).
    WEBHOOK_SECRETS_KEY: webhookSecretsKey.toString('base64'),
  };
  const crashes: Crash[] = [];
  const onCrash = (crash: Crash) => crashes.push(crash);
  const made = async (name: string, role: Role, api: boolean) => serviceProcess(name, role, env, api ? await freePort() : null, onCrash);
  // `npm start` first: with DATABASE_URL it applies the migrations (none are pending) and seeds its demo.
  const fleet = [await made('start', 'start', true)];
  for (let i = 1; i <= options.apis; i++) fleet.push(await made(`api-${i}`, 'start:api', true));
  for (let i = 1; i <= options.workers; i++) fleet.push(await made(`worker-${i}`, 'start:worker', false));
  await fleet[0]!.start();
  await Promise.all(fleet.slice(1).map((p) => p.start()));
  // The checks' reads and the probes after acknowledgements of messages from handsets.
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  pool.on('error', () => {});
  probe = inboundProbe(pool, smscOf(sim.url));
  return {
    db,
    sim,
    recorder,
    inbound,
    fleet,
    pool,
    options,
    paymentsCallbackSecret: simulatorCallbackSecret(webhookSecretsKey),
    apis: () => fleet.filter((p) => p.base !== null).map((p) => p.base!),
    crashes,
    setRandom(next) {
      random = next;
    },
    async allUp() {
      await Promise.all(fleet.filter((p) => !p.alive()).map((p) => p.start()));
    },
    async close() {
      await Promise.all(fleet.map((p) => p.kill('SIGTERM', 15_000)));
      await pool.end().catch(() => {});
      await sim.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
