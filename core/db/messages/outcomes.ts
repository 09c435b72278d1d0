// The statements of the provider's answers to submits (core/app/messages/record-outcomes.ts): attempts closed, and
// claims handed back to the queue.
import type { Runner } from '../sql.ts';
import { exec } from '../sql.ts';

export interface AttemptOutcome {
  organization_id: string;
  message_id: string;
  number: number;
  state: 'submitted' | 'refused' | 'ambiguous' | 'not_sent';
  detail: string | null;
}

/** The claim of a message under its attempt number. */
export interface HeldClaim {
  organization_id: string;
  id: string;
  claimed_at: Date;
  number: number;
}

export async function finishAttempts(tx: Runner, now: Date, attempts: AttemptOutcome[]): Promise<void> {
  await exec(
    tx,
    `update message_attempts a set state = x.state, detail = x.detail, finished_at = ?
     from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, message_id uuid, number int, state text, detail text)
     where a.organization_id = x.organization_id and a.message_id = x.message_id and a.number = x.number
       -- An attempt the dead-claim sweep closed keeps what it said.
       and a.state = 'submitting'`,
    [now, JSON.stringify(attempts)],
  );
}

/**
 * Claims back in the queue, due at `after` (null: when they were due), and their attempts the mark may have stored
 * closed as not sent. Only this claim's: another may own the message now.
 */
export async function requeueClaims(tx: Runner, now: Date, claims: HeldClaim[], after: Date | null): Promise<void> {
  if (claims.length === 0) return;
  await exec(
    tx,
    `with back as (
       update messages m set submit_started_at = null, dispatch_after = coalesce(?, m.dispatch_after), updated_at = ?
       from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, id uuid, claimed_at timestamptz, number int)
       where m.organization_id = x.organization_id and m.id = x.id and m.status = 'accepted' and m.submit_started_at = x.claimed_at
       returning m.organization_id, m.id, x.number)
     update message_attempts a set state = 'not_sent', detail = coalesce(a.detail, 'handed back before it was written'), finished_at = ?
     from back where a.organization_id = back.organization_id and a.message_id = back.id and a.number = back.number and a.state = 'submitting'`,
    [after, now, JSON.stringify(claims), now],
  );
}
