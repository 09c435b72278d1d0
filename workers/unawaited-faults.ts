// graphile-worker 0.18 leaves some of its own writes unawaited (a job's end among them, workers/job-pool.ts): one
// that the database cuts off in the middle (a stop, a restart) rejects with nobody to catch it, which would end
// the process. Such a job stays locked and its work is queued again (docs/decisions/0191); the process goes on.
// Any other rejection nobody caught still ends it, as by default.
import { isDatabaseUnavailable } from '../core/db/unavailable.ts';

let installed = false;

export function surviveUnawaitedDatabaseFaults(log: (message: string, fields: Record<string, unknown>) => void): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log('a database write nobody awaited was cut off', { error: String(reason) });
  });
}
