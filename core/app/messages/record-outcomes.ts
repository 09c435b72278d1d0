// The provider's answers to submits: accepted (charged), refused (released), ambiguous (unknown, hold kept), and
// the two kinds of never written (back in the queue), plus late answers that give an unknown message its ids.
import type { Pool, PoolClient } from 'pg';
import type { LateAcceptance, SubmitOutcome } from './provider.ts';
import type { ClaimedMessage } from './claim-due.ts';
import { exec, nativeTransaction } from '../../db/sql.ts';
import { providerIdCandidates } from '../../domain/delivery-receipt.ts';
import { applyMoves, type Move } from './message-moves.ts';
import { storeProviderIds, type ProviderIdRow } from './provider-ids.ts';

export interface Outcome {
  message: ClaimedMessage;
  outcome: SubmitOutcome;
  /** The SMSC account the message was submitted to (its provider ids are that account's). */
  smsc: string;
}

/** Provider ids as written, for the early receipts that waited for them (in any form of theirs). */
export type WrittenIds = { smsc: string; provider_id: string }[];

export const RETRY_AFTER_NOT_SENT_MS = 5_000;

/** Hot path: one transaction for a batch of answers. */
export async function recordOutcomes(pool: Pool, now: Date, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await nativeTransaction(pool, async (tx) => {
    await applyMoves(tx, now, (await writeOutcomes(tx, now, outcomes)).moves);
  });
}

const idRows = (smsc: string, m: { organization_id: string; id: string }, ids: string[]): ProviderIdRow[] =>
  // The id as the SMSC gave it, normalized: a receipt is looked up under every form its own id may stand for.
  ids.map((id, i) => ({ smsc, provider_id: providerIdCandidates(id)[0] ?? id, organization_id: m.organization_id, message_id: m.id, part: i + 1 }));

/**
 * Writes a batch of answers inside the caller's transaction (attempts, provider ids, sends to try again) and
 * returns the moves they make, for the caller to apply with the receipts of the same flush.
 */
export async function writeOutcomes(tx: PoolClient, now: Date, outcomes: Outcome[]): Promise<{ moves: Move[]; written: WrittenIds }> {
  if (outcomes.length === 0) return { moves: [], written: [] };
  const attempts: Record<string, unknown>[] = [];
  const providerIds: ProviderIdRow[] = [];
  const retry: { organization_id: string; id: string; claimed_at: Date; number: number }[] = [];
  const handBack: { organization_id: string; id: string; claimed_at: Date; number: number }[] = [];
  const moves: Move[] = [];
  for (const { message: m, outcome, smsc } of outcomes) {
    const key = { organization_id: m.organization_id, message_id: m.id, number: m.attempt };
    const claim = { organization_id: m.organization_id, id: m.id, claimed_at: m.claimed_at, number: m.attempt };
    switch (outcome.kind) {
      case 'accepted':
        attempts.push({ ...key, state: 'submitted', detail: null });
        providerIds.push(...idRows(smsc, m, outcome.providerIds));
        moves.push({ organizationId: m.organization_id, messageId: m.id, event: 'submit_accepted' });
        break;
      case 'refused':
        attempts.push({ ...key, state: 'refused', detail: outcome.reason });
        moves.push({ organizationId: m.organization_id, messageId: m.id, event: 'submit_refused', failureReason: outcome.reason });
        break;
      case 'ambiguous':
        attempts.push({ ...key, state: 'ambiguous', detail: outcome.reason });
        // Parts accepted before the ambiguous one: their receipts (and a late answer for the rest) still settle it.
        providerIds.push(...idRows(smsc, m, outcome.providerIds));
        moves.push({ organizationId: m.organization_id, messageId: m.id, event: 'submit_ambiguous' });
        break;
      case 'unsent':
        // Marked, but no byte of any part was written: safe to send again, a little later.
        attempts.push({ ...key, state: 'not_sent', detail: outcome.reason });
        retry.push(claim);
        break;
      case 'withdrawn':
        handBack.push(claim);
        break;
    }
  }
  await exec(
    tx,
    `update message_attempts a set state = x.state, detail = x.detail, finished_at = ?
     from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, message_id uuid, number int, state text, detail text)
     where a.organization_id = x.organization_id and a.message_id = x.message_id and a.number = x.number
       -- An attempt the dead-claim sweep closed keeps what it said.
       and a.state = 'submitting'`,
    [now, JSON.stringify(attempts)],
  );
  await storeProviderIds(tx, providerIds);
  // Never sent: back in the queue, a little later, so a dead SMSC link is not retried in a tight loop.
  await requeue(tx, now, retry, new Date(now.getTime() + RETRY_AFTER_NOT_SENT_MS));
  // Never marked (a stop, or the mark could not be stored): due again at once, and an attempt the mark may have
  // stored after all (its answer lost) is closed as not sent. Only this claim's: another may own the message now.
  await requeue(tx, now, handBack, null);
  // An early receipt is stored under its id as it wrote it: every form of the ids just written may be it.
  const written = providerIds.flatMap((p) => providerIdCandidates(p.provider_id).map((form) => ({ smsc: p.smsc, provider_id: form })));
  return { moves, written };
}

async function requeue(tx: PoolClient, now: Date, claims: { organization_id: string; id: string; claimed_at: Date; number: number }[], after: Date | null) {
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

/** Late answers: the parts' provider ids, so that receipts (stored early or still to come) settle their messages. */
export function lateIdRows(smsc: string, late: LateAcceptance): ProviderIdRow[] {
  const row = idRows(smsc, { organization_id: late.sms.organizationId, id: late.sms.messageId }, [late.providerId])[0]!;
  return [{ ...row, part: late.part }];
}
