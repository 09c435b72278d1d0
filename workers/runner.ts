// The graphile-worker runner: every background task of the service, in this process or a worker replica.
import pg from 'pg';
import { run, type Runner, type TaskList } from 'graphile-worker';
import type { Deps } from '../core/app/context.ts';
import { quietLogger } from '../core/db/migrate.ts';
import { tickTask } from './tasks/tick.ts';
import { processContactImportTask } from './tasks/process_contact_import.ts';

export const CRONTAB = '* * * * * tick ?max=1';

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
 * The runner gets a pool of our own so that a connection the database drops (at shutdown, or a
 * restart) is logged by its error handler instead of ending the process as an unhandled 'error'.
 */
export async function startWorkers(deps: Deps, connectionString: string, concurrency = 4): Promise<Workers> {
  const pgPool = new pg.Pool({ connectionString, max: concurrency + 2 });
  pgPool.on('error', () => {});
  pgPool.on('connect', (client) => client.on('error', () => {}));
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
      await runner.stop().catch(() => {});
      await pgPool.end().catch(() => {});
    },
  };
}
