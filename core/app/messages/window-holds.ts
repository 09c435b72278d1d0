// Promotional messages waiting for the sending window follow the window as it is now: run in the
// transaction that changes the window, and by the tick (for the queue the window's close catches).
import type { SendingWindowSettings } from '../../domain/sending-window.ts';
import { heldUntil } from '../../domain/sending-window.ts';
import type { Runner } from '../../db/sql.ts';
import { holdForWindow, lockScheduledPromotional, releaseWindowHolds, retimeScheduled } from '../../db/messages/window-holds.ts';
import { firstDispatch } from '../../domain/scheduled-send.ts';

export interface WindowHolds {
  /** Held messages that may go at once: the window is open now. */
  released: number;
  /** Messages that now wait for the window's next opening (held_until). */
  held: number;
}

/**
 * Open now: every message still held goes at once (held_until and its dispatch time become now).
 * Closed now: every queued message waits for the next opening; one already held is moved to it,
 * earlier or later than the opening it had.
 */
export async function followWindow(runner: Runner, window: SendingWindowSettings, now: Date): Promise<WindowHolds> {
  const next = heldUntil(window, now);
  if (!next) return { released: await releaseWindowHolds(runner, now), held: 0 };
  return { released: 0, held: await holdForWindow(runner, next, now) };
}

/**
 * The window's times changed: a promotional message sent for a time still to come goes at that time, or at the new
 * window's next opening after it (never before its time). Run in the transaction that changes the window.
 */
export async function retimeScheduledForWindow(runner: Runner, window: SendingWindowSettings, now: Date): Promise<number> {
  const scheduled = await lockScheduledPromotional(runner, now);
  const moves = scheduled
    .map((m) => ({ organization_id: m.organization_id, id: m.id, at: firstDispatch('promotional', window, now, new Date(m.send_at))! }))
    .filter((m, i) => m.at.getTime() !== new Date(scheduled[i]!.held_until).getTime());
  await retimeScheduled(runner, moves, now);
  return moves.length;
}
