// Task `import_retention`, each minute: stale uploads fail, unprocessed uploads expire, processed ones keep only
// their phone cells and are purged at 30 days (applyImportRetention).
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { applyImportRetention } from '../../core/app/imports/import-retention.ts';
import { ZNoInput } from '../task-input.ts';

export function importRetentionTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const result = await applyImportRetention(await newCtx(deps));
    helpers.logger.debug(`import_retention ${JSON.stringify(result)}`);
  };
}
