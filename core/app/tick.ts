// Every time-driven transition that is due at ctx.now; run by the `tick` task each minute and by `ops tick`.
import type { Ctx } from './context.ts';
import { applyWaitingReceipts } from './messages/apply-receipts.ts';
import { applyImportRetention } from './imports/import-retention.ts';
import { runMessageTimers } from './messages/message-timers.ts';
import { runCampaignProgress } from './campaigns/campaign-progress.ts';
import { nativePool } from '../db/sql.ts';
import { purgeExpired } from '../db/retention/purges.ts';
import { foldRollupDeltas } from '../db/reports/rollups.ts';
import { storeLonelyParts } from './inbound/store-lonely-parts.ts';

export async function runDueTransitions(ctx: Ctx) {
  const pool = await nativePool(ctx.em);
  const receipts = await applyWaitingReceipts(pool, ctx.now);
  const imports = await applyImportRetention(ctx);
  const campaigns = await runCampaignProgress(pool, ctx.now);
  const messages = await runMessageTimers(ctx, ctx.deps.config.smppSubmitTimeoutMs);
  // Campaigns whose last messages the message timers just settled.
  const settled = await runCampaignProgress(pool, ctx.now);
  const purged = await purgeExpired(pool, ctx.now);
  const rollupDeltasFolded = await foldRollupDeltas(pool);
  const lonely = await storeLonelyParts(ctx);
  return {
    incomplete_inbound_messages_stored: lonely,
    rollup_deltas_folded: rollupDeltasFolded,
    early_receipts_applied: receipts,
    purged,
    ...imports,
    ...messages,
    campaigns_started: campaigns.campaigns_started + settled.campaigns_started,
    campaigns_expired: campaigns.campaigns_expired + settled.campaigns_expired,
    campaigns_completed: campaigns.campaigns_completed + settled.campaigns_completed,
    campaigns_cancelled: campaigns.campaigns_cancelled + settled.campaigns_cancelled,
  };
}
