// The dispatcher's claim and its mark: due live messages taken in one statement (a lease, so no two dispatchers
// share one), and, just before a message's first byte goes to the SMSC, its attempt: the durable mark that it may
// have left. A claim without an attempt was provably never written and goes back to the queue if its process dies.
import type { Pool } from 'pg';
import { retryingContention } from '../../db/contention.ts';
import { claimDueMessages, insertWritingAttempts, type ClaimedMessage } from '../../db/messages/claim.ts';

/**
 * Hot path: one statement claims (FOR UPDATE SKIP LOCKED, so dispatchers side by side never share a
 * message) and writes the lease. Promotional messages are left while the sending window is closed. A lane claims only the messages of the
 * operators it carries now (null: every operator), and the claim names its bind.
 */
export async function claimDue(
  pool: Pool,
  now: Date,
  limit: number,
  windowOpen: boolean,
  dispatcherId: string | null = null,
  lane?: { bind: string; operators: readonly string[] | null },
): Promise<ClaimedMessage[]> {
  // One statement is atomic on its own: no begin and commit round trips around it.
  return retryingContention(() => claimDueMessages(pool, now, limit, windowOpen, dispatcherId, lane));
}

/**
 * Hot path, one statement for a batch: the attempt of each claimed message about to be written. Returns the ids
 * marked; a message left out lost its claim (handed back after its process seemed dead) and must not be written.
 */
export async function markWriting(pool: Pool, now: Date, messages: ClaimedMessage[]): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const batch = messages.map((m) => ({ organization_id: m.organization_id, id: m.id, number: m.attempt, claimed_at: m.claimed_at, bind: m.bind }));
  return new Set(await retryingContention(() => insertWritingAttempts(pool, now, batch)));
}
