// The graphile-worker runner: every background task of the service, in this process or a worker replica.
import pg from 'pg';
import { run, type Runner, type TaskList } from 'graphile-worker';
import type { Deps } from '../core/app/context.ts';
import { quietLogger } from '../core/db/migrate.ts';
import { tickTask } from './tasks/tick.ts';
import { startDispatcher, STOP_RECEIPTS_MS } from './dispatcher.ts';
import { STOP_WRITE_MS } from './dispatch-writer.ts';
import { startCampaignFeeder } from './campaign-feeder.ts';
import { startWebhookSender } from './webhook-sender.ts';
import { createSmppProvider } from './providers/smpp-client.ts';
import { startSmscSimulator } from './providers/smsc-simulator.ts';
import { processContactImportTask } from './tasks/process_contact_import.ts';

export const CRONTAB = '* * * * * tick ?max=1';

/**
 * A worker's stop after the submits in flight are answered (a submit timeout): receipts stored and acknowledged,
 * the last writes, the links unbound and graphile-worker's jobs finished, each step bounded.
 */
export const STOP_AFTER_SUBMITS_MS = 2_000 + STOP_RECEIPTS_MS + STOP_WRITE_MS + 3_000;

export function taskList(deps: Deps): TaskList {
  return {
    tick: tickTask(deps),
    process_contact_import: processContactImportTask(deps),
  };
}

export interface Workers {
  runner: Runner;
  stop(): Promise<void>;
}

/**
 * The providers behind the dispatcher: the built-in SMSC simulator always (real SMPP over loopback;
 * live traffic goes there unless LIVE_DISPATCH is on), and the operator's SMSC with LIVE_DISPATCH.
 */
async function startProviders(deps: Deps) {
  const { smpp, smppSubmitTimeoutMs, simulatorReceiptDelayMs, liveDispatch } = deps.config;
  const simulatorServer = await startSmscSimulator({ port: 0, dlrDelayMs: simulatorReceiptDelayMs });
  const quiet = { info: () => {}, warn: (msg: string, fields?: object) => process.stderr.write(`${JSON.stringify({ message: msg, ...fields })}\n`) };
  const simulator = createSmppProvider({ url: simulatorServer.url, tps: 10_000, window: 500, submitTimeoutMs: smppSubmitTimeoutMs, logger: quiet });
  const live =
    liveDispatch && smpp.url ? createSmppProvider({ url: smpp.url, tps: smpp.tps, window: smpp.window, submitTimeoutMs: smppSubmitTimeoutMs, logger: quiet }) : null;
  return {
    providers: { simulator, live },
    async close() {
      await Promise.all([simulator.close(), live?.close()]);
      await simulatorServer.close();
    },
  };
}

/**
 * The runner gets a pool of our own so that a connection the database drops (at shutdown, or a
 * restart) is logged by its error handler instead of ending the process as an unhandled 'error'.
 */
export async function startWorkers(deps: Deps, connectionString: string, concurrency = 4): Promise<Workers> {
  const pgPool = new pg.Pool({ connectionString, max: concurrency + 2 });
  pgPool.on('error', () => {});
  pgPool.on('connect', (client) => client.on('error', () => {}));
  const { providers, close } = await startProviders(deps);
  const dispatcher = startDispatcher(deps, providers, { inFlight: 1000, idleMs: 50, flushMs: 20 });
  const feeder = startCampaignFeeder(deps, { idleMs: 100, progressMs: 500 });
  const webhooks = startWebhookSender(deps);
  const runner = await run({
    pgPool,
    concurrency,
    taskList: taskList(deps),
    crontab: CRONTAB,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger,
  });
  return {
    runner,
    async stop() {
      await feeder.stop();
      await webhooks.stop();
      await dispatcher.stop();
      await close();
      await runner.stop().catch(() => {});
      await pgPool.end().catch(() => {});
    },
  };
}
