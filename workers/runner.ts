// The graphile-worker runner: every background task of the service, in this process or a worker replica, and the
// two loops that are not jobs (the dispatcher and the webhook sender), started and stopped by the runner's events.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { run, type Runner, type WorkerEvents } from 'graphile-worker';
import type { Deps } from '../core/app/context.ts';
import { quietLogger } from '../core/db/migrate.ts';
import { DISPATCHER_DEFAULTS, startDispatcher, STOP_RECEIPTS_MS, type BindProviders, type DispatcherOptions, type Providers } from './dispatcher.ts';
import { STOP_WRITE_MS } from './dispatch-writer.ts';
import { startWebhookSender, type SenderOptions } from './webhook-sender.ts';
import { loopsOfThePool } from './pool-loops.ts';
import { jobPool } from './job-pool.ts';
import { nativePool } from '../core/db/sql.ts';
import { wakeTimers } from '../core/db/jobs/timer-jobs.ts';
import type { SmscSimulator } from './providers/smsc-simulator.ts';
import type { SmppTiming } from './providers/smpp-client.ts';
import { availability, laneConfigs, readRouting } from '../core/app/binds/lane-configs.ts';
import { carrierOf } from '../core/domain/bind-routes.ts';
import { operatorOf } from '../core/domain/operators.ts';
import { inboundAddress } from '../core/domain/inbound-address.ts';
import type { Pool } from 'pg';
import { ownBinds } from './lanes/bind-source.ts';
import { PERIODIC_TASKS, taskList } from './task-list.ts';

export { taskList };

/** The periodic work (workers/crontab). */
export const CRONTAB = readFileSync(new URL('./crontab', import.meta.url), 'utf8');
/** The crontab's lines of these tasks (and its comments). */
function crontabOf(tasks: readonly string[]): string {
  return CRONTAB.split('\n')
    .filter((line) => /^\s*(#|$)/.test(line) || tasks.includes(line.trim().split(/\s+/)[5] ?? ''))
    .join('\n');
}

/**
 * A worker's stop after the submits in flight are answered (a submit timeout): receipts stored and acknowledged,
 * the last writes, the links unbound and graphile-worker's jobs finished, each step bounded.
 */
export const STOP_AFTER_SUBMITS_MS = 2_000 + STOP_RECEIPTS_MS + STOP_WRITE_MS + 3_000;

export interface Workers {
  runner: Runner;
  /** Resolves with graphile-worker's reason if its worker pool shuts down by itself (the loops stopped with it). */
  ended: Promise<string>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /**
   * graphile-worker jobs run at once: 6, so that the steps of several live campaigns (a second at most each) run
   * side by side with the periodic tasks and an import.
   */
  concurrency?: number;
  /**
   * The providers behind the dispatcher (the caller closes them): one bind's, or each bind's, for as long as it runs.
   * By default this process's own, following the binds' configuration: for each bind (or the `default` one), a
   * simulator of its own and, with LIVE_DISPATCH, its SMSC.
   */
  providers?: Providers | BindProviders[];
  /** The timing of this process's own SMPP links (tests shorten the reconnect pauses). */
  smppTiming?: Partial<SmppTiming>;
  dispatcher?: DispatcherOptions;
  /**
   * The webhook sender's options; null: this process does no webhook work, neither the sender nor the crontab's
   * webhook_fan_out (tests and benchmarks that read the outbox, or measure dispatch alone).
   */
  sender?: Partial<SenderOptions> | null;
  /** Only these of the crontab's tasks (a benchmark of part of the work); by default all of them. */
  periodic?: readonly string[];
}

/**
 * Starts graphile-worker's runner (the tasks, the crontab) and, from its events, the loops: when its worker pool
 * is created, the webhook sender and the dispatcher; when the pool shuts down, they stop in that
 * order (the dispatcher last: it stops claiming first, then waits for answers, stores receipts before it
 * acknowledges them, and writes the rest, each step bounded).
 *
 * The runner gets a pool of our own (job-pool.ts): a connection the database drops (at shutdown, or a restart)
 * does not end the process as an unhandled 'error', and a job's end waits for the database to come back.
 */
export async function startWorkers(deps: Deps, connectionString: string, options: WorkerOptions = {}): Promise<Workers> {
  const concurrency = options.concurrency ?? 6;
  const jobs = jobPool(connectionString, concurrency + 2);
  const pgPool = jobs.pool;
  // The binds' lanes follow their configuration: each bind's own simulator is started when its bind first gets a
  // lane (those configured now before the runner starts, so a handset's message finds its bind's at once), and
  // the dispatcher links each lane in the same turn as it takes its receipts.
  const own = options.providers ? null : ownBinds(deps, { timing: options.smppTiming });
  if (own) for (const c of await laneConfigs(deps, await nativePool(deps.orm.em))) await own.prepare(c);
  const closeOwn = async () => {
    await own?.close();
  };
  const events = new EventEmitter() as WorkerEvents;
  const loops = loopsOfThePool(events, () => [
    ...(options.sender === null ? [] : [startWebhookSender(deps, options.sender)]),
    startDispatcher(deps, options.providers ?? own!, options.dispatcher ?? DISPATCHER_DEFAULTS),
  ]);
  let stopRequested = false;
  const ended = new Promise<string>((resolve) => {
    events.on('pool:gracefulShutdown', ({ message }) => {
      if (!stopRequested) resolve(message);
    });
  });
  let runner: Runner;
  try {
    const periodic = options.periodic ?? (options.sender === null ? PERIODIC_TASKS.filter((t) => t !== 'webhook_fan_out') : PERIODIC_TASKS);
    runner = await run({
      pgPool,
      concurrency,
      taskList: taskList(deps, async (from) => simulatorFor(await nativePool(deps.orm.em), own?.simulators ?? new Map(), from)),
      crontab: crontabOf(periodic),
      events,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: quietLogger,
    });
  } catch (err) {
    await loops.stop();
    await closeOwn();
    await pgPool.end().catch(() => {});
    throw err;
  }
  // Its end is told by `ended`; a rejection nobody awaits would end the process.
  runner.promise.catch((err: unknown) => process.stderr.write(`graphile-worker stopped: ${String(err)}\n`));
  if (!loops.started) {
    stopRequested = true;
    await runner.stop().catch(() => {});
    await closeOwn();
    await pgPool.end().catch(() => {});
    throw loops.failed ?? new Error('graphile-worker started no worker pool, so the dispatcher and the webhook sender did not start');
  }
  // A worker that died in a campaign's step left that job locked (graphile-worker takes a lock for dead only after
  // 4 hours): a worker that starts makes every live campaign's job, and the window's, due at once, new beside a
  // locked one.
  await wakeTimers(await nativePool(deps.orm.em)).catch((err: unknown) => process.stderr.write(`could not wake the timers: ${String(err)}\n`));
  return {
    runner,
    ended,
    async stop() {
      stopRequested = true;
      jobs.stopWaiting();
      // The runner's stop shuts its pool down, which stops the loops (pool-loops.ts); graphile-worker meanwhile
      // waits for the jobs in progress.
      const runnerStopped = runner.stop().catch(() => {});
      await loops.stop();
      await closeOwn();
      await runnerStopped;
      await pgPool.end().catch(() => {});
    },
  };
}

/**
 * The simulator a handset's message comes in on: that of the bind carrying its operator now (as a real operator's
 * messages come in on its own bind), else the first; null when this process runs none.
 */
async function simulatorFor(pool: Pool, simulators: ReadonlyMap<string, SmscSimulator>, from: string): Promise<SmscSimulator | null> {
  const first = simulators.values().next();
  if (first.done) return null;
  const routing = await readRouting(pool);
  const up = new Map([...simulators.keys()].map((name) => [name, true]));
  const bind = carrierOf(operatorOf(inboundAddress(from)), routing.routes, availability(routing, up));
  return (bind !== null ? simulators.get(bind) : undefined) ?? first.value;
}
