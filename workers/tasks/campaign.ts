// Task `campaign`: one launched campaign's own job (job_key campaign:<id>, core/db/jobs/campaign-jobs.ts). Each job
// is one step (runCampaignStep): the moves due for the campaign, its recipients fed, and the campaign's next job
// queued for when its next step is due (its start, the window's opening, a short pause while it waits for the
// dispatcher, its expiry), or none once it is over.
import type { JobHelpers, Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { newCtx } from '../../core/app/context.ts';
import { nativePool } from '../../core/db/sql.ts';
import { readSettings } from '../../core/app/platform/settings.ts';
import { runCampaignStep, type CampaignStep } from '../../core/app/campaigns/run-campaign.ts';
import type { CampaignRef } from '../../core/db/campaigns/launched.ts';
import { queueCampaignJob } from '../../core/db/jobs/campaign-jobs.ts';
import { ZCampaignJob } from '../task-input.ts';

/** After a failed step the campaign's next job comes this much later, as the loops paused (decision 0110). */
export const ERROR_PAUSE_MS = 1_000;

export function campaignTask(deps: Deps): Task {
  return async (payload, helpers) => {
    const job = ZCampaignJob.parse(payload);
    const c: CampaignRef = { organizationId: job.organization_id, id: job.campaign_id };
    let next: CampaignStep;
    try {
      const ctx = await newCtx(deps);
      next = await runCampaignStep(await nativePool(deps.orm.em), c, ctx.now, (await readSettings(ctx)).window, job.waited_ms);
    } catch (err) {
      process.stderr.write(`campaign ${c.id}: a step failed: ${String(err)}\n`);
      next = { runAfterMs: ERROR_PAUSE_MS, waitedMs: job.waited_ms };
    }
    if (next.runAfterMs !== null) await queueNext(deps, c, next.runAfterMs, next.waitedMs, helpers);
  };
}

/**
 * Queues the campaign's next job, trying again every ERROR_PAUSE_MS while the database is away: the job ends only
 * once its successor is stored, so a campaign's chain is never lost to a fault (and graphile-worker never has to
 * record a job's end with the database away). A shutdown that gives up on running jobs ends the trying; the
 * minute's sweep (campaign_progress) queues the job again.
 */
async function queueNext(deps: Deps, c: CampaignRef, runAfterMs: number, waitedMs: number | undefined, helpers: JobHelpers): Promise<void> {
  for (;;) {
    try {
      await queueCampaignJob(await nativePool(deps.orm.em), c, runAfterMs, waitedMs);
      return;
    } catch (err) {
      if (helpers.abortSignal.aborted) throw err;
      process.stderr.write(`campaign ${c.id}: could not queue its next job: ${String(err)}\n`);
      await pause(ERROR_PAUSE_MS, helpers.abortSignal);
    }
  }
}

/** A pause that a shutdown giving up on running jobs ends (the signal is the pool's, shared by every job). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const end = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', end);
      resolve();
    };
    const timer = setTimeout(end, ms);
    signal.addEventListener('abort', end, { once: true });
  });
