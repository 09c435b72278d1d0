// Task `webhook_fan_out`, each minute: the backstop of the fan-out every webhook sender runs first in each of its
// rounds (workers/webhook-sender.ts): with no sender running, events still become deliveries within a minute.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { FAN_OUT_BATCH, fanOut } from '../../core/app/webhooks/deliveries.ts';
import { ZNoInput } from '../task-input.ts';

export function webhookFanOutTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    let fanned = 0;
    // A full batch means more may wait, as in the sender's rounds; a batch short of it (or a turn another fan-out
    // holds) ends the job.
    for (;;) {
      const n = await fanOut(deps);
      fanned += n;
      if (n < FAN_OUT_BATCH || helpers.abortSignal.aborted) break;
    }
    helpers.logger.debug(`webhook_fan_out took ${fanned} events`);
  };
}
