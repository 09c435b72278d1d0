// Time- and progress-driven campaign moves: scheduled starts, expiry at validity, completion, the end of a cancel.
import type { Pool, PoolClient } from 'pg';
import type { CampaignRow } from './campaign-view.ts';
import type { CampaignEvent } from '../../domain/campaign-states.ts';
import { release } from '../../domain/ledger.ts';
import { priceShare } from '../../domain/pricing.ts';
import { exec, nativeTransaction, one, rows } from '../../db/sql.ts';
import { applyMovements } from '../../db/wallets.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { applyMoves } from '../messages/message-moves.ts';
import { campaignEvent } from './campaign-events.ts';
import { moveCampaign } from './campaign-moves.ts';

/** A campaign with what its launched quote fixed: the price of a segment, the segments and the encoding. */
export type Launched = CampaignRow & { unit_amount: string; quote_segments: number; quote_encoding: string };

/** Selects campaigns as Launched (`c`); the quote's columns are null for a campaign never launched. */
export const LAUNCHED_CAMPAIGNS = `select c.*, q.unit_amount, q.segments as quote_segments, q.encoding as quote_encoding
  from campaigns c left join campaign_quotes q on q.organization_id = c.organization_id and q.id = c.launch_quote_id`;

/** The campaign's share per recipient, as quoted. */
export function shareOf(c: Pick<Launched, 'unit_amount' | 'quote_segments'>): bigint {
  return priceShare(BigInt(c.unit_amount), c.quote_segments);
}

/** Shares of `count` recipients that no message carries go back to the wallet in one ledger entry. */
export async function releaseShares(tx: PoolClient, c: Launched, count: number, reference: string, now: Date): Promise<void> {
  const amount = shareOf(c) * BigInt(count);
  if (amount === 0n) return;
  await applyMovements(tx, c.organization_id, [{ movement: (b) => release(b, amount), campaignId: c.id, reference }], { actorType: 'system', actorId: null, at: now });
}

/**
 * Every recipient still pending takes `status` (expired or cancelled) and its share is released in
 * one ledger entry; feeding ends. Runs with the campaign row locked. Returns how many there were.
 */
export async function settlePending(tx: PoolClient, c: Launched, status: 'expired' | 'cancelled', now: Date): Promise<number> {
  const [done] = await rows<{ n: string }>(
    tx,
    `with settled as (
       update campaign_recipients set status = ?, released = true, updated_at = ?, final_at = ?
       where organization_id = ? and quote_id = ? and n > ? and status = 'pending'
       returning 1
     )
     select count(*) as n from settled`,
    [status, now, now, c.organization_id, c.launch_quote_id, c.fed_through],
  );
  const count = Number(done?.n ?? 0);
  await exec(tx, 'update campaigns set fed_through = audience_size, updated_at = ? where organization_id = ? and id = ?', [now, c.organization_id, c.id]);
  await releaseShares(tx, c, count, `${count} pending recipients ${status}`, now);
  return count;
}

/**
 * Queued messages of the campaign that no dispatcher has started to submit take `event` (their
 * shares released). The lock re-reads each row, so one a dispatcher marked meanwhile is left alone.
 */
export async function settleQueued(tx: PoolClient, c: Pick<CampaignRow, 'organization_id' | 'id'>, event: 'cancel' | 'expire', now: Date): Promise<number> {
  const queued = await rows<{ id: string }>(
    tx,
    'select id from messages m where organization_id = ? and campaign_id = ? and message_queued(m) order by id for update',
    [c.organization_id, c.id],
  );
  const reason = event === 'cancel' ? 'the campaign was cancelled' : 'the campaign expired before the message could be sent';
  await applyMoves(tx, now, queued.map((m) => ({ organizationId: c.organization_id, messageId: m.id, event, failureReason: reason })));
  return queued.length;
}

async function moveTo(tx: PoolClient, c: Launched, event: CampaignEvent, now: Date, columns: Record<string, unknown> = {}): Promise<void> {
  const next = await moveCampaign(tx, c, event, now, columns);
  if (next !== c.status) await addEvents(tx, now, [campaignEvent({ ...c, status: next })]);
}

/** One campaign at a time, each in its own transaction, until none is due. */
async function each(pool: Pool, select: string, params: unknown[], step: (tx: PoolClient, c: Launched) => Promise<void>): Promise<number> {
  let count = 0;
  for (;;) {
    const done = await nativeTransaction(pool, async (tx) => {
      const c = await one<Launched>(tx, `${LAUNCHED_CAMPAIGNS} where ${select} limit 1 for update of c skip locked`, params);
      if (!c) return false;
      await step(tx, c);
      return true;
    });
    if (!done) return count;
    count += 1;
  }
}

/** Scheduled campaigns whose start has come begin sending (a start missed past the validity expires instead). */
function startScheduled(pool: Pool, now: Date) {
  return each(pool, "c.status = 'scheduled' and c.starts_at <= ? and c.expires_at > ?", [now, now], (tx, c) => moveTo(tx, c, 'start', now, { started_at: now }));
}

/**
 * At validity_seconds after the start, whatever is unsent expires: pending recipients (shares
 * released) and queued messages not yet submitted. The campaign completes once nothing is in flight.
 */
function expireDue(pool: Pool, now: Date) {
  return each(pool, "c.status in ('scheduled', 'sending') and c.expires_at <= ? and (c.fed_through < c.audience_size or c.status = 'scheduled' or exists (select 1 from messages m where m.organization_id = c.organization_id and m.campaign_id = c.id and message_queued(m)))", [now], async (tx, c) => {
    // Messages before the wallet, as every other writer locks them.
    await settleQueued(tx, c, 'expire', now);
    await settlePending(tx, c, 'expired', now);
    if (c.status === 'scheduled') await moveTo(tx, c, 'expire', now, { finished_at: now });
  });
}

const NOTHING_ACCEPTED = "not exists (select 1 from messages m where m.organization_id = c.organization_id and m.campaign_id = c.id and m.status = 'accepted')";

/** Sending campaigns with every recipient fed (or expired) and none of their messages still accepted are completed. */
function completeDone(pool: Pool, now: Date) {
  return each(pool, `c.status = 'sending' and c.fed_through >= c.audience_size and ${NOTHING_ACCEPTED}`, [], (tx, c) => moveTo(tx, c, 'complete', now, { finished_at: now }));
}

/** A cancelling campaign is cancelled once the messages that were in flight at the cancel have their answers. */
function finishCancels(pool: Pool, now: Date) {
  return each(pool, `c.status = 'cancelling' and ${NOTHING_ACCEPTED}`, [], (tx, c) => moveTo(tx, c, 'cancel_finished', now, { finished_at: now }));
}

export async function runCampaignProgress(pool: Pool, now: Date) {
  return {
    campaigns_started: await startScheduled(pool, now),
    campaigns_expired: await expireDue(pool, now),
    campaigns_completed: await completeDone(pool, now),
    campaigns_cancelled: await finishCancels(pool, now),
  };
}
