// Which dispatchers are alive: each says so every second, on the database's own clock (liveness is real time,
// not the service's clock, which a test may move). A claim whose dispatcher stopped saying so is dead.
import type { Pool } from 'pg';
import { exec } from '../../db/sql.ts';

export const HEARTBEAT_MS = 1_000;
/** Silent this long, a dispatcher is taken for dead (a few missed beats: a busy database, a pause for GC). */
export const DISPATCHER_SILENT_MS = 10_000;

export async function heartbeat(pool: Pool, dispatcherId: string): Promise<void> {
  await exec(
    pool,
    'insert into dispatchers (id, seen_at) values (?, clock_timestamp()) on conflict (id) do update set seen_at = excluded.seen_at',
    [dispatcherId],
  );
}

/** At a stop: its claims are handed back already; being gone at once lets nothing wait on it. */
export async function retire(pool: Pool, dispatcherId: string): Promise<void> {
  await exec(pool, 'delete from dispatchers where id = ?', [dispatcherId]);
}

/** SQL: the claim of this messages row belongs to a dispatcher still alive. */
export const CLAIM_ALIVE = `exists (select 1 from dispatchers d where d.id = messages.claimed_by
  and d.seen_at > clock_timestamp() - make_interval(secs => ${DISPATCHER_SILENT_MS / 1000}))`;
