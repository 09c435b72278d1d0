// Task `campaign_progress`: scheduled starts, expiry at validity, completion and the end of a cancel
// (runCampaignProgress). It comes back every PROGRESS_WAITING_MS while a campaign is scheduled, sending or
// cancelling, and not at all once none is; the chain keeper and the crontab start it.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { nativePool } from '../../core/db/sql.ts';
import { runCampaignProgress } from '../../core/app/campaigns/campaign-progress.ts';
import { campaignWork } from '../../core/db/jobs/campaign-work.ts';
import { repeatingTask, type Found } from '../repeating-task.ts';

/** The feeder loop's progress period, kept: a campaign's end is seen within half a second. */
export const PROGRESS_WAITING_MS = 500;

export async function progressRound(deps: Deps): Promise<Found> {
  const pool = await nativePool(deps.orm.em);
  const now = await deps.clock.now();
  // Each due campaign is moved in its own transaction until none is due: one round does all there is now.
  await runCampaignProgress(pool, now);
  return (await campaignWork(pool, now)).live ? 'waiting' : 'none';
}

export function campaignProgressTask(deps: Deps): Task {
  return repeatingTask(deps, { name: 'campaign_progress', waitingMs: PROGRESS_WAITING_MS, round: progressRound });
}
