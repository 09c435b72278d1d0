// Task `message_timers`, each minute and at the sending window's next opening or closing: held promotional messages
// follow the window (held at its close, released at its opening), queued messages past their ttl expire, dead
// claims are settled (handed back, or unknown when the submit may have left), and unknown messages give back their
// hold after seven days (runMessageTimers). Each run queues its job for the window's next change.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { runMessageTimers } from '../../core/app/messages/message-timers.ts';
import { readSettings } from '../../core/app/platform/settings.ts';
import { nextWindowChange } from '../../core/domain/sending-window.ts';
import { nativePool } from '../../core/db/sql.ts';
import { queueWindowChange } from '../../core/db/jobs/timer-jobs.ts';
import { ZNoInput } from '../task-input.ts';

export function messageTimersTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const ctx = await newCtx(deps);
    const result = await runMessageTimers(ctx, deps.config.smppSubmitTimeoutMs);
    const change = nextWindowChange((await readSettings(ctx)).window, ctx.now);
    if (change) await queueWindowChange(await nativePool(deps.orm.em), change.getTime() - ctx.now.getTime());
    helpers.logger.debug(`message_timers ${JSON.stringify(result)}`);
  };
}
