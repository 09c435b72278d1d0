// Task `campaign_progress`, each minute: the backstop of the campaigns' own jobs (workers/tasks/campaign.ts). Every
// move due now of every campaign (runCampaignProgress), then every live campaign's job woken: one a worker lost,
// that failed for good, or that waits for a moment the test clock has since passed runs at once.
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { nativePool } from '../../core/db/sql.ts';
import { runCampaignProgress } from '../../core/app/campaigns/campaign-progress.ts';
import { wakeLiveCampaigns } from '../../core/db/jobs/campaign-jobs.ts';
import { ZNoInput } from '../task-input.ts';

export function campaignProgressTask(deps: Deps): Task {
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const pool = await nativePool(deps.orm.em);
    const moved = await runCampaignProgress(pool, await deps.clock.now());
    const woken = await wakeLiveCampaigns(pool);
    helpers.logger.debug(`campaign_progress ${JSON.stringify({ ...moved, campaign_jobs_woken: woken })}`);
  };
}
