// Claims whose dispatcher died (kill -9, a lost host): a message with an open attempt may have reached the SMSC and
// becomes unknown (never resent); one without an attempt was provably never written and goes back to the queue.
import { nativeTransaction } from '../../db/sql.ts';
import type { Pool } from 'pg';
import { closeOpenAttempts, lockLostClaims, releaseClaims } from '../../db/messages/lost-claims.ts';
import { applyMoves } from './message-moves.ts';

const BATCH = 1000;
export const LOST_SUBMIT_REASON = 'the dispatcher stopped before the SMSC answered; the message may have been sent';

/**
 * Claims older than `before` (several submit timeouts) whose dispatcher no longer says it is alive. A live one may
 * hold a claim longer (the SMSC throttling it, pausing up to 10 s between resends), so age alone is not death.
 */
export async function settleLostClaims(
  pool: Pool,
  now: Date,
  before: Date,
  // A dispatcher's own claims it does not hold: the claim committed, but its answer was lost (the connection cut by a
  // frozen database), so nobody will ever write or hand back that message. Dead as if its dispatcher were.
  own?: { dispatcherId: string; holding: readonly string[] },
): Promise<{ unknown: number; requeued: number }> {
  const totals = { unknown: 0, requeued: 0 };
  for (;;) {
    const batch = await nativeTransaction(pool, async (tx) => {
      // Locked first: a mark (claim-due.ts) waiting on one of these rows then finds the claim gone and writes nothing.
      const claims = await lockLostClaims(tx, before, BATCH, own);
      if (claims.length === 0) return { unknown: 0, requeued: 0, seen: 0 };
      // Read after the lock, so a mark committed just before it is seen.
      const written = await closeOpenAttempts(tx, claims, LOST_SUBMIT_REASON, now);
      const mayHaveLeft = new Set(written.map((w) => `${w.organization_id}/${w.message_id}`));
      const neverWritten = claims.filter((c) => !mayHaveLeft.has(`${c.organization_id}/${c.id}`));
      await releaseClaims(tx, now, neverWritten);
      await applyMoves(tx, now, written.map((w) => ({ organizationId: w.organization_id, messageId: w.message_id, event: 'submit_ambiguous' as const })));
      return { unknown: written.length, requeued: neverWritten.length, seen: claims.length };
    });
    totals.unknown += batch.unknown;
    totals.requeued += batch.requeued;
    if (batch.seen < BATCH) return totals;
  }
}
