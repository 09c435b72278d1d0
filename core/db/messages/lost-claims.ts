// The statements of the sweep of claims whose dispatcher died (core/app/messages/lost-claims.ts).
import type { Runner } from '../sql.ts';
import { exec, rows } from '../sql.ts';
import { CLAIM_ALIVE } from './dispatchers.ts';

export interface ClaimKey {
  organization_id: string;
  id: string;
}

/**
 * Live claims older than `before` whose dispatcher no longer says it is alive, or, for `own`, those of a dispatcher
 * that does not hold them, locked first: a mark (claim.ts) waiting on one of these rows then finds the claim gone
 * and writes nothing.
 */
export function lockLostClaims(
  tx: Runner,
  before: Date,
  limit: number,
  own?: { dispatcherId: string; holding: readonly string[] },
): Promise<ClaimKey[]> {
  const orphans = own ? `or (claimed_by = ? and not (id = any(?::uuid[])))` : '';
  const orphanParams = own ? [own.dispatcherId, `{${own.holding.join(',')}}`] : [];
  return rows<ClaimKey>(
    tx,
    `select organization_id, id from messages where status = 'accepted' and submit_started_at <= ? and (not ${CLAIM_ALIVE} ${orphans})
     order by organization_id, id limit ${limit} for update skip locked`,
    [before, ...orphanParams],
  );
}

/** The open attempts of these claims closed as ambiguous (they may have left); returns the messages they belong to. */
export function closeOpenAttempts(tx: Runner, claims: ClaimKey[], detail: string, now: Date): Promise<{ organization_id: string; message_id: string }[]> {
  return rows<{ organization_id: string; message_id: string }>(
    tx,
    `update message_attempts a set state = 'ambiguous', detail = ?, finished_at = ?
     from jsonb_to_recordset(?::jsonb) as k(organization_id uuid, id uuid)
     where a.organization_id = k.organization_id and a.message_id = k.id and a.state = 'submitting'
     returning a.organization_id, a.message_id`,
    [detail, now, JSON.stringify(claims)],
  );
}

/** Claims provably never written, back in the queue. */
export async function releaseClaims(tx: Runner, now: Date, claims: ClaimKey[]): Promise<void> {
  await exec(
    tx,
    `update messages m set submit_started_at = null, updated_at = ?
     from jsonb_to_recordset(?::jsonb) as k(organization_id uuid, id uuid) where m.organization_id = k.organization_id and m.id = k.id`,
    [now, JSON.stringify(claims)],
  );
}
