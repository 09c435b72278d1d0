// The provider's answers to submits: accepted (charged), refused (released), ambiguous (unknown, hold kept).
import type { Pool, PoolClient } from 'pg';
import type { SubmitOutcome } from './provider.ts';
import type { ClaimedMessage } from './claim-due.ts';
import { exec, nativeTransaction } from '../../db/sql.ts';
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

/** A refusal the provider reports for a submit that never left (no SMSC connection): safe to send again. */
export const NEVER_SENT = -1;
export const RETRY_AFTER_NOT_SENT_MS = 5_000;

/** Hot path: one transaction for a batch of answers. */
export async function recordOutcomes(pool: Pool, now: Date, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await nativeTransaction(pool, async (tx) => {
    await applyMoves(tx, now, (await writeOutcomes(tx, now, outcomes)).moves);
  });
}

/**
 * Writes a batch of answers inside the caller's transaction (attempts, provider ids, sends to try again) and
 * returns the moves they make, for the caller to apply with the receipts of the same flush.
 */
export async function writeOutcomes(tx: PoolClient, now: Date, outcomes: Outcome[]): Promise<{ moves: Move[]; written: WrittenIds }> {
  if (outcomes.length === 0) return { moves: [], written: [] };
  const attempts: Record<string, unknown>[] = [];
  const providerIds: Record<string, unknown>[] = [];
  const retry: { organization_id: string; id: string }[] = [];
  const moves: Move[] = [];
  for (const { message: m, outcome, smsc } of outcomes) {
    const key = { organization_id: m.organization_id, message_id: m.id, number: m.attempt };
    if (outcome.kind === 'accepted') {
      attempts.push({ ...key, state: 'submitted', detail: null });
      outcome.providerIds.forEach((id, i) => {
        // The id as the SMSC gave it, normalized: a receipt is looked up under every form its own id may stand for.
        providerIds.push({ smsc, provider_id: providerIdCandidates(id)[0] ?? id, organization_id: m.organization_id, message_id: m.id, part: i + 1 });
      });
      moves.push({ organizationId: m.organization_id, messageId: m.id, event: 'submit_accepted' });
    } else if (outcome.kind === 'refused' && outcome.commandStatus === NEVER_SENT) {
      attempts.push({ ...key, state: 'refused', detail: outcome.reason });
      retry.push({ organization_id: m.organization_id, id: m.id });
    } else if (outcome.kind === 'refused') {
      attempts.push({ ...key, state: 'refused', detail: outcome.reason });
      moves.push({ organizationId: m.organization_id, messageId: m.id, event: 'submit_refused', failureReason: outcome.reason });
    } else {
      attempts.push({ ...key, state: 'ambiguous', detail: outcome.reason });
      moves.push({ organizationId: m.organization_id, messageId: m.id, event: 'submit_ambiguous' });
    }
  }
  await exec(
    tx,
    `update message_attempts a set state = x.state, detail = x.detail, finished_at = ?
     from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, message_id uuid, number int, state text, detail text)
     where a.organization_id = x.organization_id and a.message_id = x.message_id and a.number = x.number`,
    [now, JSON.stringify(attempts)],
  );
  if (providerIds.length) {
    await exec(
      tx,
      // An SMSC that gives an id again (its counter wrapped) means the new message: the old one is long final.
      `insert into message_provider_ids (smsc, provider_id, organization_id, message_id, part)
       select x.smsc, x.provider_id, x.organization_id, x.message_id, x.part
       from jsonb_to_recordset(?::jsonb) as x(smsc text, provider_id text, organization_id uuid, message_id uuid, part int)
       on conflict (smsc, provider_id)
         do update set organization_id = excluded.organization_id, message_id = excluded.message_id, part = excluded.part`,
      [JSON.stringify(providerIds)],
    );
  }
  if (retry.length) {
    // Never sent: back in the queue, a little later, so a dead SMSC link is not retried in a tight loop.
    await exec(
      tx,
      `update messages m set submit_started_at = null, dispatch_after = ?, updated_at = ?
       from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, id uuid) where m.organization_id = x.organization_id and m.id = x.id`,
      [new Date(now.getTime() + RETRY_AFTER_NOT_SENT_MS), now, JSON.stringify(retry)],
    );
  }
  // An early receipt is stored under its id as it wrote it: every form of the ids just written may be it.
  const written = providerIds.flatMap((p) => providerIdCandidates(p.provider_id as string).map((form) => ({ smsc: p.smsc as string, provider_id: form })));
  return { moves, written };
}
