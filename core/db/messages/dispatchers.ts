// Which dispatchers are alive, on the database's own clock (liveness is real time, not the service's clock, which a
// test may move): each says so every second; a claim whose dispatcher stopped saying so is dead.
import type { Pool } from 'pg';
import { exec } from '../sql.ts';

/** Silent this long, a dispatcher is taken for dead (a few missed beats: a busy database, a pause for GC). */
export const DISPATCHER_SILENT_MS = 10_000;

export async function recordHeartbeat(pool: Pool, dispatcherId: string): Promise<void> {
  await exec(
    pool,
    'insert into dispatchers (id, seen_at) values (?, clock_timestamp()) on conflict (id) do update set seen_at = excluded.seen_at',
    [dispatcherId],
  );
}

export async function deleteDispatcher(pool: Pool, dispatcherId: string): Promise<void> {
  await exec(pool, 'delete from dispatchers where id = ?', [dispatcherId]);
}

/** SQL: the claim of this messages row belongs to a dispatcher still alive. */
export const CLAIM_ALIVE = `exists (select 1 from dispatchers d where d.id = messages.claimed_by
  and d.seen_at > clock_timestamp() - make_interval(secs => ${DISPATCHER_SILENT_MS / 1000}))`;
