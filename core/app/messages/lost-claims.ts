// Claims whose dispatcher died (kill -9, a lost host): a message with an open attempt may have reached the SMSC and
// becomes unknown (never resent); one without an attempt was provably never written and goes back to the queue.
import type { Pool } from 'pg';
import { exec, nativeTransaction, rows } from '../../db/sql.ts';
import { applyMoves } from './message-moves.ts';
import { CLAIM_ALIVE } from './dispatchers.ts';

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
  own?: { dispatcherId: string; holding: readonly string[] },
): Promise<{ unknown: number; requeued: number }> {
  // A dispatcher's own claims it does not hold: the claim committed, but its answer was lost (the connection cut by a
  // frozen database), so nobody will ever write or hand back that message. Dead as if its dispatcher were.
  const orphans = own ? `or (claimed_by = ? and not (id = any(?::uuid[])))` : '';
  const orphanParams = own ? [own.dispatcherId, `{${own.holding.join(',')}}`] : [];
  const totals = { unknown: 0, requeued: 0 };
  for (;;) {
    const batch = await nativeTransaction(pool, async (tx) => {
      // Locked first: a mark (claim-due.ts) waiting on one of these rows then finds the claim gone and writes nothing.
      const claims = await rows<{ organization_id: string; id: string }>(
        tx,
        `select organization_id, id from messages where status = 'accepted' and submit_started_at <= ? and (not ${CLAIM_ALIVE} ${orphans})
         order by organization_id, id limit ${BATCH} for update skip locked`,
        [before, ...orphanParams],
      );
      if (claims.length === 0) return { unknown: 0, requeued: 0, seen: 0 };
      const keys = JSON.stringify(claims);
      // Read after the lock, so a mark committed just before it is seen.
      const written = await rows<{ organization_id: string; message_id: string }>(
        tx,
        `update message_attempts a set state = 'ambiguous', detail = ?, finished_at = ?
         from jsonb_to_recordset(?::jsonb) as k(organization_id uuid, id uuid)
         where a.organization_id = k.organization_id and a.message_id = k.id and a.state = 'submitting'
         returning a.organization_id, a.message_id`,
        [LOST_SUBMIT_REASON, now, keys],
      );
      const mayHaveLeft = new Set(written.map((w) => `${w.organization_id}/${w.message_id}`));
      const neverWritten = claims.filter((c) => !mayHaveLeft.has(`${c.organization_id}/${c.id}`));
      await exec(
        tx,
        `update messages m set submit_started_at = null, updated_at = ?
         from jsonb_to_recordset(?::jsonb) as k(organization_id uuid, id uuid) where m.organization_id = k.organization_id and m.id = k.id`,
        [now, JSON.stringify(neverWritten)],
      );
      await applyMoves(tx, now, written.map((w) => ({ organizationId: w.organization_id, messageId: w.message_id, event: 'submit_ambiguous' as const })));
      return { unknown: written.length, requeued: neverWritten.length, seen: claims.length };
    });
    totals.unknown += batch.unknown;
    totals.requeued += batch.requeued;
    if (batch.seen < BATCH) return totals;
  }
}
