// Task `rollup_fold`, each minute: the deltas the messages trigger wrote are folded into the daily rollups
// (foldRollupDeltas; one fold at a time in the deployment, a fold that finds the turn taken skips it).
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { nativePool } from '../../core/db/sql.ts';
import { foldRollupDeltas } from '../../core/db/reports/rollups.ts';
import { ZNoInput } from '../task-input.ts';

export function rollupFoldTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const folded = await foldRollupDeltas(await nativePool(deps.orm.em));
    helpers.logger.debug(`rollup_fold folded ${folded}`);
  };
}
