// GET /health and GET /ready: whether this process runs, and whether it can reach its database now (for
// load balancers and orchestrators; no credentials, nothing about the deployment in the answer).
import type { Deps } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { pingDatabase } from '../../db/platform/readiness.ts';
import { DATABASE_RETRY_AFTER } from '../../db/unavailable.ts';

/** How long /ready waits for the database: an orchestrator asks often and must not pile up waiting probes. */
export const READY_WITHIN_MS = 1_000;

/** Whether a pooled connection answers `select 1` within ms (through the pool, as a request would). */
export async function databaseAnswers(deps: Deps, ms = READY_WITHIN_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const asked = (async () => {
    await pingDatabase(deps.orm.em);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The data of a ready answer, or the busy refusal that says the database is down. */
export async function readiness(deps: Deps): Promise<{ database: 'up' }> {
  if (await databaseAnswers(deps)) return { database: 'up' };
  throw new DomainError('busy', `The database does not answer; retry after ${DATABASE_RETRY_AFTER} s.`, {
    retryAfter: DATABASE_RETRY_AFTER,
    details: { database: 'down' },
  });
}
