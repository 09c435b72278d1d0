// The dispatcher's claim: due live messages marked "submit started" in one statement, so none is sent twice.
import type { Pool } from 'pg';
import { rows } from '../../db/sql.ts';
import { retryingContention } from '../../db/contention.ts';
import type { Encoding } from '../../domain/segments.ts';

export interface ClaimedMessage {
  organization_id: string;
  id: string;
  to_phone: string;
  sender: string;
  body: string;
  encoding: Encoding;
  segments: number;
  client_ref: string;
  campaign_id: string | null;
  attempt: number;
}

// The claimed ids reach the update as arrays (each subquery runs once), and the attempt number comes back with the
// update: no step joins one CTE to another, which a stale row estimate (one row) would make quadratic.
const CLAIM_DUE = `with due as (
         select organization_id, id from messages
         where status = 'accepted' and not test and submit_started_at is null and dispatch_after <= ? and expires_at > ?
           and (traffic_class = 'transactional' or ?)
         order by dispatch_after
         limit ?
         for update skip locked
       ), marked as (
         update messages m set submit_started_at = ?, updated_at = ?
         where m.organization_id = any(array(select organization_id from due)) and m.id = any(array(select id from due))
           -- Checked again on the row as it is now: a row another claimer marked meanwhile is left alone.
           and m.submit_started_at is null and m.status = 'accepted'
         returning m.organization_id, m.id, m.to_phone, m.sender, m.body, m.encoding, m.segments, m.client_ref, m.campaign_id,
           1 + coalesce((select max(a.number) from message_attempts a where a.organization_id = m.organization_id and a.message_id = m.id), 0) as attempt
       ), attempts as (
         insert into message_attempts (organization_id, message_id, number, state, started_at)
         select organization_id, id, attempt, 'submitting', ? from marked
       )
       select * from marked`;

/**
 * Hot path: one statement claims (FOR UPDATE SKIP LOCKED, so dispatchers side by side never share a
 * message), writes the mark that forbids a second submit, and opens the attempt. Promotional
 * messages are left while the sending window is closed.
 */
export async function claimDue(pool: Pool, now: Date, limit: number, windowOpen: boolean): Promise<ClaimedMessage[]> {
  // One statement is atomic on its own: no begin and commit round trips around it.
  return retryingContention(() => rows<ClaimedMessage>(pool, CLAIM_DUE, [now, now, windowOpen, limit, now, now, now]));
}
