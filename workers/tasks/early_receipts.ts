// Task `early_receipts`, each minute: receipts that came before their message's answer and are still waiting are
// applied once the message is found (applyWaitingReceipts, the safety net behind the rendezvous of provider-ids.ts).
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { nativePool } from '../../core/db/sql.ts';
import { applyWaitingReceipts } from '../../core/app/messages/apply-receipts.ts';
import { ZNoInput } from '../task-input.ts';

export function earlyReceiptsTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const applied = await applyWaitingReceipts(await nativePool(deps.orm.em), await deps.clock.now());
    helpers.logger.debug(`early_receipts applied ${applied}`);
  };
}
