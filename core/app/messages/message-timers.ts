// Time-driven message moves, run by the tick: expiry before dispatch, the seven-day unknown hold, lost submits,
// and promotional messages caught waiting by the window's close.
import type { Ctx } from '../context.ts';
import { nativePool, nativeTransaction, type Runner } from '../../db/sql.ts';
import { lockExpiredMessages, lockLapsedUnknownHolds } from '../../db/messages/timers.ts';
import { readSettings } from '../platform/settings.ts';
import { applyMoves } from './message-moves.ts';
import { SERVICE_FAILURE_REASONS } from '../../domain/failure-reasons.ts';
import { followWindow } from './window-holds.ts';
import { settleLostClaims } from './lost-claims.ts';

export const UNKNOWN_HOLD_MS = 7 * 86_400_000;
const BATCH = 1000;

type LockDue = (tx: Runner, limit: number) => Promise<{ organization_id: string; id: string }[]>;

async function moveBatches(ctx: Ctx, lockDue: LockDue, event: 'expire' | 'hold_timeout', reason: string | null) {
  const pool = await nativePool(ctx.em);
  let moved = 0;
  for (;;) {
    const count = await nativeTransaction(pool, async (tx) => {
      const due = await lockDue(tx, BATCH);
      await applyMoves(
        tx,
        ctx.now,
        due.map((m) => ({ organizationId: m.organization_id, messageId: m.id, event, failureReason: reason })),
      );
      return due.length;
    });
    moved += count;
    if (count < BATCH) return moved;
  }
}

/** A claim this old belongs to a dispatcher that died: a live one writes or hands back within a submit timeout. */
export const lostClaimAfterMs = (submitTimeoutMs: number) => 3 * submitTimeoutMs;

export async function runMessageTimers(ctx: Ctx, submitTimeoutMs: number) {
  const pool = await nativePool(ctx.em);
  // The queue the window's close catches is held until it opens again.
  const window = await followWindow(pool, (await readSettings(ctx)).window, ctx.now);
  // Before expiry: a claim handed back may still be sent if its time is not up.
  const lost = await settleLostClaims(pool, ctx.now, new Date(ctx.now.getTime() - lostClaimAfterMs(submitTimeoutMs)));
  return {
    messages_held_for_window: window.held,
    messages_released_by_window: window.released,
    // ttl (or validity) elapsed before the message left: expired, hold released.
    messages_expired: await moveBatches(ctx, (tx, limit) => lockExpiredMessages(tx, ctx.now, limit), 'expire', SERVICE_FAILURE_REASONS.expired),
    // A dispatcher that died after the mark: the submit may have left, so never resend.
    messages_lost_in_submit: lost.unknown,
    // A dispatcher that died before writing its claim: provably never sent, so back in the queue.
    messages_claims_handed_back: lost.requeued,
    // Seven days unknown without a receipt: the hold goes back; the status stays unknown.
    unknown_holds_released: await moveBatches(ctx, (tx, limit) => lockLapsedUnknownHolds(tx, new Date(ctx.now.getTime() - UNKNOWN_HOLD_MS), limit), 'hold_timeout', null),
  };
}
