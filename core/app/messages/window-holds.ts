// Promotional messages waiting for the sending window follow the window as it is now: run in the
// transaction that changes the window, and by the tick (for the queue the window's close catches).
import type { SendingWindowSettings } from '../../domain/sending-window.ts';
import { heldUntil } from '../../domain/sending-window.ts';
import type { Runner } from '../../db/sql.ts';
import { holdForWindow, releaseWindowHolds } from '../../db/messages/window-holds.ts';

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
