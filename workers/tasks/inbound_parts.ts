// Task `inbound_parts`, each minute: the parts of long inbound messages whose other parts never came are stored as
// one message marked incomplete (storeLonelyParts), so that none is lost.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { storeLonelyParts } from '../../core/app/inbound/store-lonely-parts.ts';
import { ZNoInput } from '../task-input.ts';

export function inboundPartsTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const stored = await storeLonelyParts(await newCtx(deps));
    helpers.logger.debug(`inbound_parts stored ${stored}`);
  };
}
