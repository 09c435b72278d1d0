// Every time-driven transition that is due at ctx.now; run by the `tick` task each minute and by `ops tick`.
import type { Ctx } from './context.ts';
import { purgeIdempotencyRecords } from './idempotency.ts';
import { applyImportRetention } from './imports/import-retention.ts';
import { runMessageTimers } from './messages/message-timers.ts';

export async function runDueTransitions(ctx: Ctx) {
  return {
    idempotency_records_purged: await purgeIdempotencyRecords(ctx),
    ...(await applyImportRetention(ctx)),
    ...(await runMessageTimers(ctx, ctx.deps.config.smppSubmitTimeoutMs)),
  };
}
