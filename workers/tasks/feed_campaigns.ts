// Task `feed_campaigns`: recipients of sending campaigns become messages for the dispatcher, a batch at a time
// (feedOnce). It comes back at once while batches are fed, every FEED_WAITING_MS while a campaign waits (its queue
// full, the window shut), and not at all once every campaign is fed; the chain keeper and the crontab start it.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { nativePool } from '../../core/db/sql.ts';
import { readSettings } from '../../core/app/platform/settings.ts';
import { feedOnce } from '../../core/app/campaigns/feed.ts';
import { campaignWork } from '../../core/db/jobs/campaign-work.ts';
import { repeatingTask, type Found } from '../repeating-task.ts';

/** The feeder loop's idle pause, kept. */
export const FEED_WAITING_MS = 100;

export async function feedRound(deps: Deps): Promise<Found> {
  const ctx = await newCtx(deps);
  const pool = await nativePool(deps.orm.em);
  const settings = await readSettings(ctx);
  if ((await feedOnce(pool, ctx.now, settings.window)) > 0) return 'more';
  return (await campaignWork(pool, ctx.now)).toFeed ? 'waiting' : 'none';
}

export function feedCampaignsTask(deps: Deps): Task {
  return repeatingTask(deps, { name: 'feed_campaigns', waitingMs: FEED_WAITING_MS, round: feedRound });
}
