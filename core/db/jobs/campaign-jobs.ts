// Each launched campaign has its own graphile-worker job (task `campaign`, job_key campaign:<id>): the launch queues
// it for the start, a cancel for at once, the job queues its own next step, and the minute's sweep and a move of
// the test clock wake every live campaign's. Times are the database's, as graphile-worker's own.
import type { CampaignRef } from '../campaigns/launched.ts';
import type { Runner } from '../sql.ts';
import { one } from '../sql.ts';
import { addJob, type JobSpec } from './add-job.ts';

export const CAMPAIGN_TASK = 'campaign';
/** A failed step is tried again by graphile-worker, then the sweep starts a new job (job_key mode replace). */
export const CAMPAIGN_JOB_ATTEMPTS = 5;

export const campaignJobKey = (c: CampaignRef) => `campaign:${c.id}`;

/** The campaign's job, `runAfterMs` from now; `waitedMs` is the pause the job last took while its campaign waited. */
export function campaignJob(c: CampaignRef, runAfterMs: number, waitedMs?: number): JobSpec & { jobKey: string } {
  return {
    task: CAMPAIGN_TASK,
    payload: { organization_id: c.organizationId, campaign_id: c.id, ...(waitedMs === undefined ? {} : { waited_ms: waitedMs }) },
    jobKey: campaignJobKey(c),
    jobKeyMode: 'replace',
    runAfterMs: Math.max(0, Math.round(runAfterMs)),
    maxAttempts: CAMPAIGN_JOB_ATTEMPTS,
  };
}

/** Queues (or moves) the campaign's job; in the caller's transaction, with the change that needs it. */
export async function queueCampaignJob(db: Runner, c: CampaignRef, runAfterMs: number, waitedMs?: number): Promise<void> {
  await addJob(db, campaignJob(c, runAfterMs, waitedMs));
}

/**
 * Every scheduled, sending or cancelling campaign's job runs at once: a waiting one is moved to now, a missing or
 * failed one queued again, a running one followed by a new one. One statement; returns how many.
 */
export async function wakeLiveCampaigns(db: Runner): Promise<number> {
  const row = await one<{ n: string }>(
    db,
    `select count(graphile_worker.add_job(?::text, json_build_object('organization_id', c.organization_id, 'campaign_id', c.id),
       max_attempts := ?::int, job_key := ?::text || c.id, job_key_mode := 'replace'))::text as n
     from campaigns c where c.status in ('scheduled', 'sending', 'cancelling')`,
    [CAMPAIGN_TASK, CAMPAIGN_JOB_ATTEMPTS, 'campaign:'],
  );
  return Number(row?.n ?? 0);
}
