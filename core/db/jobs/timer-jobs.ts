// Jobs of the clock's moments: message_timers at the sending window's next opening or closing (beside its minute
// in the crontab), and every timer woken at once when the test clock moves or a worker starts.
import type { Runner } from '../sql.ts';
import { addJob } from './add-job.ts';
import { wakeLiveCampaigns } from './campaign-jobs.ts';

/** The key of message_timers' job at the window's next change (the crontab's own key is message_timers). */
export const WINDOW_CHANGE_KEY = 'message_timers:window';

/** Queues (or moves) message_timers' job for the window's next change, `runAfterMs` from now. */
export async function queueWindowChange(db: Runner, runAfterMs: number): Promise<void> {
  await addJob(db, { task: 'message_timers', jobKey: WINDOW_CHANGE_KEY, jobKeyMode: 'replace', runAfterMs: Math.max(0, Math.round(runAfterMs)), maxAttempts: 1 });
}

/**
 * Every live campaign's job and the window's job run at once, and each queues itself again for the clock as it is
 * now: when the test clock moved (their run_at is real time), and when a worker starts (one that died in a step
 * left that job locked).
 */
export async function wakeTimers(db: Runner): Promise<void> {
  await wakeLiveCampaigns(db);
  await queueWindowChange(db, 0);
}
