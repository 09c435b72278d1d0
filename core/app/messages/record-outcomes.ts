// The provider's answers to submits: accepted (charged), refused (released), ambiguous (unknown, hold kept), and
// the two kinds of never written (back in the queue), plus late answers that give an unknown message its ids.
import type { LateAcceptance, SubmitOutcome } from './provider.ts';
import type { ClaimedMessage } from '../../db/messages/claim.ts';
import { nativeTransaction } from '../../db/sql.ts';
import type { Pool, PoolClient } from 'pg';
import { finishAttempts, requeueClaims, type AttemptOutcome, type HeldClaim } from '../../db/messages/outcomes.ts';
import { storeProviderIds, type ProviderIdRow } from '../../db/messages/provider-ids.ts';
import { providerIdCandidates } from '../../domain/delivery-receipt.ts';
import { applyMoves, type Move } from './message-moves.ts';

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
  const attempts: AttemptOutcome[] = [];
  const providerIds: ProviderIdRow[] = [];
  const retry: HeldClaim[] = [];
  const handBack: HeldClaim[] = [];
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
  await finishAttempts(tx, now, attempts);
  await storeProviderIds(tx, providerIds);
  // Never sent: back in the queue, a little later, so a dead SMSC link is not retried in a tight loop.
  await requeueClaims(tx, now, retry, new Date(now.getTime() + RETRY_AFTER_NOT_SENT_MS));
  // Never marked (a stop, or the mark could not be stored): due again at once, and an attempt the mark may have
  // stored after all (its answer lost) is closed as not sent. Only this claim's: another may own the message now.
  await requeueClaims(tx, now, handBack, null);
  // An early receipt is stored under its id as it wrote it: every form of the ids just written may be it.
  const written = providerIds.flatMap((p) => providerIdCandidates(p.provider_id).map((form) => ({ smsc: p.smsc, provider_id: form })));
  return { moves, written };
}

/** Late answers: the parts' provider ids, so that receipts (stored early or still to come) settle their messages. */
export function lateIdRows(smsc: string, late: LateAcceptance): ProviderIdRow[] {
  const row = idRows(smsc, { organization_id: late.sms.organizationId, id: late.sms.messageId }, [late.providerId])[0]!;
  return [{ ...row, part: late.part }];
}
