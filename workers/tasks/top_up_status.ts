// Task `top_up_status`, each minute: every push payment waiting past its time is asked about at the aggregator and
// settled by the answer, asked again later, or expired after a day (checkPushPayments).
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { checkPushPayments } from '../../core/app/payments/check-push-payments.ts';
import { ZNoInput } from '../task-input.ts';

export function topUpStatusTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const summary = await checkPushPayments(await newCtx(deps));
    if (summary.asked > 0) helpers.logger.info(`top_up_status ${JSON.stringify(summary)}`);
  };
}
