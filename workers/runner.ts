// The graphile-worker runner: every background task of the service, in this process or a worker replica.
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

export async function startWorkers(deps: Deps, connectionString: string, concurrency = 4): Promise<Runner> {
  return run({
    connectionString,
    concurrency,
    taskList: taskList(deps),
    crontab: CRONTAB,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger,
  });
}
