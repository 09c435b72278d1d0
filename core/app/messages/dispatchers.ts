// Which dispatchers are alive: each says so every second, on the database's own clock (liveness is real time,
// not the service's clock, which a test may move). A claim whose dispatcher stopped saying so is dead
// (core/db/messages/dispatchers.ts says how long a silence that takes).
import type { Pool } from 'pg';
import { deleteDispatcher, recordHeartbeat } from '../../db/messages/dispatchers.ts';

export const HEARTBEAT_MS = 1_000;

export async function heartbeat(pool: Pool, dispatcherId: string): Promise<void> {
  await recordHeartbeat(pool, dispatcherId);
}

/** At a stop: its claims are handed back already; being gone at once lets nothing wait on it. */
export async function retire(pool: Pool, dispatcherId: string): Promise<void> {
  await deleteDispatcher(pool, dispatcherId);
}
