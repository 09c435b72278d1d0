// Promotional messages waiting for the sending window follow the window as it is now: run in the
// transaction that changes the window, and by the tick (for the queue the window's close catches).
import type { SendingWindowSettings } from '../../domain/sending-window.ts';
import { heldUntil } from '../../domain/sending-window.ts';
import { rows, type Runner } from '../../db/sql.ts';

// Queued messages the window holds while it is closed (by the messages_due index).
const WAITING = 'message_queued(messages) and waits_for_window(traffic_class, false)';

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
  if (!next) {
    const released = await rows(
      runner,
      `update messages set held_until = ?, dispatch_after = least(dispatch_after, ?), updated_at = ?
       where ${WAITING} and held_until > ? returning 1`,
      [now, now, now, now],
    );
    return { released: released.length, held: 0 };
  }
  const held = await rows(
    runner,
    `update messages set held_until = ?, updated_at = ?,
       dispatch_after = case when held_until > ? then ? else dispatch_after end
     where ${WAITING} and held_until is distinct from ? returning 1`,
    [next, now, now, next, next],
  );
  return { released: 0, held: held.length };
}
