// Task `retention_purge`, each minute: rows past their retention are deleted a batch at a time (purgeExpired;
// docs/decisions/0066-retention-purges.md says what goes when).
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { nativePool } from '../../core/db/sql.ts';
import { purgeExpired } from '../../core/db/retention/purges.ts';
import { ZNoInput } from '../task-input.ts';

export function retentionPurgeTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const purged = await purgeExpired(await nativePool(deps.orm.em), await deps.clock.now());
    helpers.logger.debug(`retention_purge ${JSON.stringify(purged)}`);
  };
}
