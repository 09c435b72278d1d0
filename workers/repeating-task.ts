// A task that comes back by itself while there is work: what a loop did within moments (campaign progress every
// 500 ms, feeding batch after batch) stays as quick, and the crontab's line, a minute apart, is only the backstop.
// A job runs rounds for up to ROUNDS_MS as the loop did (at once while they find more, `waitingMs` apart while work
// waits), then queues its next job under its own job_key: at once, `waitingMs` later, or not at all once there is
// none. A job a second, not a job a round: a job costs about four transactions (bench/README.md, jobs).
import type { JobHelpers, Task } from 'graphile-worker';
import { z } from 'zod';
import type { Deps } from '../core/app/context.ts';
import { nativePool } from '../core/db/sql.ts';
import { addJob, type JobSpec } from '../core/db/jobs/add-job.ts';

/** What a round found: work done with more to do now, work that waits (not doable yet), or nothing left. */
export type Found = 'more' | 'waiting' | 'none';

export interface RepeatingSpec {
  /** The task's identifier, also its job_key: one job of it waits at a time in the whole deployment. */
  name: string;
  /** The pause before the next job while work waits. */
  waitingMs: number;
  round(deps: Deps): Promise<Found>;
}

/** How long one job runs rounds before it hands over to its next job (a stop waits about this long for it). */
export const ROUNDS_MS = 1_000;
/** After a failed round the next job comes this much later, as the loops it replaces paused (decision 0110). */
export const ERROR_PAUSE_MS = 1_000;
/** A job's attempts: a failure is retried by graphile-worker, and the keeper or the crontab starts a new one. */
export const REPEATING_MAX_ATTEMPTS = 5;

/** Periodic jobs take no input; the crontab's own `_cron` stamp, or anything else, is ignored. */
export const ZNoInput = z.object({});

/** The job that (re)starts a repeating task: its key, preserving the run_at of one already waiting. */
export function repeatingJob(name: string, runAfterMs = 0): JobSpec & { jobKey: string } {
  return { task: name, jobKey: name, jobKeyMode: 'preserve_run_at', runAfterMs, maxAttempts: REPEATING_MAX_ATTEMPTS };
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

export function repeatingTask(deps: Deps, spec: RepeatingSpec, roundsMs = ROUNDS_MS): Task {
  const warn = (what: string, err: unknown) => process.stderr.write(`${spec.name}: ${what}: ${String(err)}\n`);
  return async (payload, helpers) => {
    ZNoInput.parse(payload);
    const until = performance.now() + roundsMs;
    let nextAfterMs: number | null;
    for (;;) {
      let found: Found;
      try {
        found = await spec.round(deps);
      } catch (err) {
        warn('a round failed', err);
        nextAfterMs = ERROR_PAUSE_MS;
        break;
      }
      if (found === 'none') {
        nextAfterMs = null;
        break;
      }
      nextAfterMs = found === 'more' ? 0 : spec.waitingMs;
      // The next round must start within the job's time, after its pause.
      if (helpers.abortSignal.aborted || performance.now() + nextAfterMs >= until) break;
      if (nextAfterMs > 0) await pause(nextAfterMs, helpers.abortSignal);
    }
    if (nextAfterMs !== null) await queueNext(deps, spec.name, nextAfterMs, helpers, warn);
  };
}

/**
 * Queues the next job, trying again every ERROR_PAUSE_MS while the database is away: the job ends only once its
 * successor is stored, so a chain is never lost to a fault (and graphile-worker never has to record a job's end
 * with the database away). A shutdown that gives up on running jobs ends the trying; the keeper and the crontab
 * start the chain again.
 */
async function queueNext(deps: Deps, name: string, runAfterMs: number, helpers: JobHelpers, warn: (what: string, err: unknown) => void): Promise<void> {
  for (;;) {
    try {
      await addJob(await nativePool(deps.orm.em), repeatingJob(name, runAfterMs));
      return;
    } catch (err) {
      if (helpers.abortSignal.aborted) throw err;
      warn('could not queue its next job', err);
      await pause(ERROR_PAUSE_MS, helpers.abortSignal);
    }
  }
}
