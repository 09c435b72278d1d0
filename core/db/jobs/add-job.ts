// Queueing graphile-worker jobs with graphile_worker.add_job on the caller's connection: inside a transaction the
// job is queued with the change that needs it, or not at all. Times are the database's, as graphile-worker's own.
import type { Runner } from '../sql.ts';
import { one } from '../sql.ts';

export type JobKeyMode = 'replace' | 'preserve_run_at';

export interface JobSpec {
  /** The task's identifier (workers/tasks/<task>.ts). */
  task: string;
  payload?: Record<string, unknown>;
  /**
   * At most one job of this key waits: queueing it again updates the waiting one, or, when that one is running,
   * takes the key off it and queues a new one (graphile-worker's job_key).
   */
  jobKey?: string;
  /** replace (the default) moves a waiting job to this run_at; preserve_run_at keeps its own. */
  jobKeyMode?: JobKeyMode;
  /** How long after the database's now() the job may run (0: at once). */
  runAfterMs?: number;
  /** Attempts before the job stays failed (graphile-worker's default is 25). */
  maxAttempts?: number;
}

/** add_job's arguments from a spec, in the order of ADD_JOB's placeholders. */
function addJobParams(spec: JobSpec): unknown[] {
  return [spec.task, JSON.stringify(spec.payload ?? {}), spec.runAfterMs ?? 0, spec.maxAttempts ?? null, spec.jobKey ?? null, spec.jobKeyMode ?? null];
}

const ADD_JOB = `graphile_worker.add_job(?::text, ?::json,
  run_at := now() + ?::double precision * interval '1 millisecond',
  max_attempts := ?::int, job_key := ?::text, job_key_mode := coalesce(?::text, 'replace'))`;

/** Queues a job; returns its id. */
export async function addJob(runner: Runner, spec: JobSpec): Promise<string> {
  const row = await one<{ id: string }>(runner, `select (${ADD_JOB}).id::text as id`, addJobParams(spec));
  return row!.id;
}

/**
 * Queues the job of `spec.jobKey` unless one of that key is alive: waiting to run (and not failed for good), or
 * taken by a worker less than `staleMs` ago. A job locked longer belongs to a worker that died or hangs: add_job
 * takes the key off it and queues a new one. One statement; returns the new job's id, or null.
 */
export async function queueUnlessAlive(runner: Runner, spec: JobSpec & { jobKey: string }, staleMs: number): Promise<string | null> {
  const row = await one<{ id: string }>(
    runner,
    `select (${ADD_JOB}).id::text as id
     where not exists (
       select 1 from graphile_worker.jobs j
       where j.key = ?::text
         and ((j.locked_at is null and j.attempts < j.max_attempts) or j.locked_at > now() - ?::double precision * interval '1 millisecond'))`,
    [...addJobParams(spec), spec.jobKey, staleMs],
  );
  return row?.id ?? null;
}
