// The dispatcher's claim and its mark (hot path, on the pool): due live messages taken in one statement (a lease, so
// no two dispatchers share one), and, just before a message's first byte goes to the SMSC, its attempt: the durable
// mark that it may have left.
import type { Pool } from 'pg';
import { rows } from '../sql.ts';
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
  /** The claim's submit_started_at: the mark and a hand-back apply only to this claim. */
  claimed_at: Date;
  /** The bind whose lane claimed it (null for a claim made outside a lane). */
  bind: string | null;
}

// The claimed ids reach the update as arrays (each subquery runs once), and the attempt number comes back with the
// update: no step joins one CTE to another, which a stale row estimate (one row) would make quadratic.
function claimFrom(due: string): string {
  return `with due as (${due})
       update messages m set submit_started_at = ?, claimed_by = ?, bind = ?, updated_at = ?
       where m.organization_id = any(array(select organization_id from due)) and m.id = any(array(select id from due))
         -- Checked again on the row as it is now: a row another claimer marked meanwhile is left alone.
         and message_queued(m)
       returning m.organization_id, m.id, m.to_phone, m.sender, m.body, m.encoding, m.segments, m.client_ref, m.campaign_id,
         m.submit_started_at as claimed_at, m.bind,
         1 + coalesce((select max(a.number) from message_attempts a where a.organization_id = m.organization_id and a.message_id = m.id), 0) as attempt`;
}

export const CLAIM_DUE = claimFrom(`
         select organization_id, id from messages
         where message_queued(messages) and dispatch_after <= ? and expires_at > ? and not waits_for_window(traffic_class, ?)
         order by dispatch_after
         limit ?
         for update skip locked`);

// A lane of some operators: each operator's first due messages in order through messages_due_by_operator (an
// ordered walk of one operator's entries, where a filter on several at once would read and sort their whole
// backlog), then the first of them all.
export const CLAIM_DUE_FOR_OPERATORS = claimFrom(`
         select x.organization_id, x.id from unnest(?::text[]) as op(operator)
         cross join lateral (
           select organization_id, id, dispatch_after from messages
           where message_queued(messages) and message_operator(to_phone) = op.operator
             and dispatch_after <= ? and expires_at > ? and not waits_for_window(traffic_class, ?)
           order by dispatch_after
           limit ?
           for update skip locked
         ) x
         order by x.dispatch_after
         limit ?`);

/**
 * One statement claims (FOR UPDATE SKIP LOCKED, so dispatchers side by side never share a message) and writes the
 * lease. Promotional messages are left while the sending window is closed. With `operators`, only the messages to
 * those operators' numbers; `bind` names the lane that claims.
 */
export function claimDueMessages(
  pool: Pool,
  now: Date,
  limit: number,
  windowOpen: boolean,
  dispatcherId: string | null,
  lane: { bind: string | null; operators: readonly string[] | null } = { bind: null, operators: null },
): Promise<ClaimedMessage[]> {
  if (lane.operators === null) return rows<ClaimedMessage>(pool, CLAIM_DUE, [now, now, windowOpen, limit, now, dispatcherId, lane.bind, now]);
  return rows<ClaimedMessage>(pool, CLAIM_DUE_FOR_OPERATORS, [`{${lane.operators.join(',')}}`, now, now, windowOpen, limit, limit, now, dispatcherId, lane.bind, now]);
}

// The message row is locked while its attempt is written, so the sweep that hands back dead claims (which locks
// it too, then looks for the attempt) either sees this attempt or makes this mark find no claim.
const MARK_WRITING = `with claim as (
         select m.organization_id, m.id, x.number, x.bind from messages m
         join jsonb_to_recordset(?::jsonb) as x(organization_id uuid, id uuid, number int, claimed_at timestamptz, bind text)
           on m.organization_id = x.organization_id and m.id = x.id
         where m.status = 'accepted' and m.submit_started_at = x.claimed_at
         order by m.organization_id, m.id
         for update of m
       )
       insert into message_attempts (organization_id, message_id, number, state, started_at, bind)
       select organization_id, id, number, 'submitting', ?, bind from claim
       returning message_id as id`;

/** One statement for a batch: the attempts of claims about to be written. Returns the ids of the claims still held. */
export async function insertWritingAttempts(
  pool: Pool,
  now: Date,
  claims: { organization_id: string; id: string; number: number; claimed_at: Date; bind: string | null }[],
): Promise<string[]> {
  return (await rows<{ id: string }>(pool, MARK_WRITING, [JSON.stringify(claims), now])).map((r) => r.id);
}
