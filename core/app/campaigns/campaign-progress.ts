// Time- and progress-driven campaign moves: scheduled starts, expiry at validity, completion, the end of a cancel.
import type { CampaignEvent } from '../../domain/campaign-states.ts';
import type { CampaignRow, Launched } from '../../db/campaigns/rows.ts';
import type { CampaignClient, CampaignPool } from '../../db/campaigns/own-client.ts';
import { release } from '../../domain/ledger.ts';
import { priceShare } from '../../domain/pricing.ts';
import { SERVICE_FAILURE_REASONS } from '../../domain/failure-reasons.ts';
import { onOwnClient } from '../../db/campaigns/own-client.ts';
import { claimDueCampaign, endFeeding, lockQueuedMessages, settlePendingRecipients, type CampaignRef, type DueMove } from '../../db/campaigns/launched.ts';
import { moveCampaign } from '../../db/campaigns/campaign-moves.ts';
import { applyMovements } from '../../db/wallets.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { applyMoves } from '../messages/message-moves.ts';
import { campaignEvent } from './campaign-events.ts';

/** The campaign's share per recipient, as quoted. */
export function shareOf(c: Pick<Launched, 'unit_amount' | 'quote_segments'>): bigint {
  return priceShare(BigInt(c.unit_amount), c.quote_segments);
}

/** Shares of `count` recipients that no message carries go back to the wallet in one ledger entry. */
export async function releaseShares(tx: CampaignClient, c: Launched, count: number, reference: string, now: Date): Promise<void> {
  const amount = shareOf(c) * BigInt(count);
  if (amount === 0n) return;
  await applyMovements(tx, c.organization_id, [{ movement: (b) => release(b, amount), campaignId: c.id, reference }], { actorType: 'system', actorId: null, at: now });
}

/**
 * Every recipient still pending takes `status` (expired or cancelled) and its share is released in
 * one ledger entry; feeding ends. Runs with the campaign row locked. Returns how many there were.
 */
export async function settlePending(tx: CampaignClient, c: Launched, status: 'expired' | 'cancelled', now: Date): Promise<number> {
  const count = await settlePendingRecipients(tx, c, status, now);
  await endFeeding(tx, c, now);
  await releaseShares(tx, c, count, `${count} pending recipients ${status}`, now);
  return count;
}

/**
 * Queued messages of the campaign that no dispatcher has started to submit take `event` (their
 * shares released). The lock re-reads each row, so one a dispatcher marked meanwhile is left alone.
 */
export async function settleQueued(tx: CampaignClient, c: Pick<CampaignRow, 'organization_id' | 'id'>, event: 'cancel' | 'expire', now: Date): Promise<number> {
  const queued = await lockQueuedMessages(tx, c);
  const reason = SERVICE_FAILURE_REASONS[event === 'cancel' ? 'campaign_cancelled' : 'campaign_expired'];
  await applyMoves(tx, now, queued.map((id) => ({ organizationId: c.organization_id, messageId: id, event, failureReason: reason })));
  return queued.length;
}

async function moveTo(tx: CampaignClient, c: Launched, event: CampaignEvent, now: Date, columns: Record<string, unknown> = {}): Promise<void> {
  const next = await moveCampaign(tx, c, event, now, columns);
  if (next !== c.status) await addEvents(tx, now, [campaignEvent({ ...c, status: next })]);
}

/** One campaign at a time (of all, or only `only`), each in its own transaction, until none is due. */
async function each(pool: CampaignPool, due: DueMove, now: Date, only: CampaignRef | undefined, step: (tx: CampaignClient, c: Launched) => Promise<void>): Promise<number> {
  let count = 0;
  for (;;) {
    const done = await onOwnClient(pool, async (tx) => {
      const c = await claimDueCampaign(tx, due, now, only);
      if (!c) return false;
      await step(tx, c);
      return true;
    });
    if (!done) return count;
    count += 1;
  }
}

/** Scheduled campaigns whose start has come begin sending (a start missed past the validity expires instead). */
function startScheduled(pool: CampaignPool, now: Date, only?: CampaignRef) {
  return each(pool, 'start', now, only, (tx, c) => moveTo(tx, c, 'start', now, { started_at: now }));
}

/**
 * At validity_seconds after the start, whatever is unsent expires: pending recipients (shares
 * released) and queued messages not yet submitted. The campaign completes once nothing is in flight.
 */
function expireDue(pool: CampaignPool, now: Date, only?: CampaignRef) {
  return each(pool, 'expire', now, only, async (tx, c) => {
    // Messages before the wallet, as every other writer locks them.
    await settleQueued(tx, c, 'expire', now);
    await settlePending(tx, c, 'expired', now);
    if (c.status === 'scheduled') await moveTo(tx, c, 'expire', now, { finished_at: now });
  });
}

/** Sending campaigns with every recipient fed (or expired) and none of their messages still accepted are completed. */
function completeDone(pool: CampaignPool, now: Date, only?: CampaignRef) {
  return each(pool, 'complete', now, only, (tx, c) => moveTo(tx, c, 'complete', now, { finished_at: now }));
}

/** A cancelling campaign is cancelled once the messages that were in flight at the cancel have their answers. */
function finishCancels(pool: CampaignPool, now: Date, only?: CampaignRef) {
  return each(pool, 'finish_cancel', now, only, (tx, c) => moveTo(tx, c, 'cancel_finished', now, { finished_at: now }));
}

/** Every move due now, of every campaign or only of `only`. */
export async function runCampaignProgress(pool: CampaignPool, now: Date, only?: CampaignRef) {
  return {
    campaigns_started: await startScheduled(pool, now, only),
    campaigns_expired: await expireDue(pool, now, only),
    campaigns_completed: await completeDone(pool, now, only),
    campaigns_cancelled: await finishCancels(pool, now, only),
  };
}
