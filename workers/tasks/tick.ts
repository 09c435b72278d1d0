// Task `tick`: every due time-driven transition at once (runDueTransitions, as `ops tick` runs it). The crontab
// queues the periodic tasks one by one now; this task stays for tick jobs queued before, and for operators.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { runDueTransitions } from '../../core/app/tick.ts';
import { ZNoInput } from '../task-input.ts';

export function tickTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const result = await runDueTransitions(await newCtx(deps));
    helpers.logger.debug(`tick ${JSON.stringify(result)}`);
  };
}
