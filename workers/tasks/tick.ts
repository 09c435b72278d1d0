// Task `tick`: runs the due time-driven transitions; queued by the crontab every minute.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { runDueTransitions } from '../../core/app/tick.ts';

export function tickTask(deps: Deps): Task {
  return async (_payload, helpers) => {
    const result = await runDueTransitions(await newCtx(deps));
    helpers.logger.debug(`tick ${JSON.stringify(result)}`);
  };
}
