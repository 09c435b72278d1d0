// Task `message_timers`, each minute: held promotional messages follow the window (held at its close, released at
// its opening), queued messages past their ttl expire, dead claims are settled (handed back, or unknown when the
// submit may have left), and unknown messages give back their hold after seven days (runMessageTimers).
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { runMessageTimers } from '../../core/app/messages/message-timers.ts';
import { ZNoInput } from '../repeating-task.ts';

export function messageTimersTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const result = await runMessageTimers(await newCtx(deps), deps.config.smppSubmitTimeoutMs);
    helpers.logger.debug(`message_timers ${JSON.stringify(result)}`);
  };
}
