// The writes that make waiting promotional messages follow the sending window (core/app/messages/window-holds.ts).
import type { Runner } from '../sql.ts';
import { rows } from '../sql.ts';

// Queued messages the window holds while it is closed (by the messages_due index). A message sent for later is left
// alone until its time (the last parameter of each statement): before then the window neither releases it early
// nor moves it.
const WAITING = 'message_queued(messages) and waits_for_window(traffic_class, false) and (send_at is null or send_at <= ?)';

/** The window is open: every message still held goes at once (held_until and its dispatch time become now). */
export async function releaseWindowHolds(runner: Runner, now: Date): Promise<number> {
  const released = await rows(
    runner,
    `update messages set held_until = ?, dispatch_after = least(dispatch_after, ?), updated_at = ?
     where ${WAITING} and held_until > ? returning 1`,
    [now, now, now, now, now],
  );
  return released.length;
}

/**
 * The window is closed: every queued message waits for its next opening, `next`; one already held is moved to it,
 * earlier or later than the opening it had.
 */
export async function holdForWindow(runner: Runner, next: Date, now: Date): Promise<number> {
  const held = await rows(
    runner,
    `update messages set held_until = ?, updated_at = ?,
       dispatch_after = case when held_until > ? then ? else dispatch_after end
     where ${WAITING} and held_until is distinct from ? returning 1`,
    [next, now, now, next, now, next],
  );
  return held.length;
}

/** Promotional messages sent for a time still to come, locked: a new window re-times them (their held_until). */
export function lockScheduledPromotional(runner: Runner, now: Date): Promise<{ organization_id: string; id: string; send_at: Date; held_until: Date }[]> {
  return rows(
    runner,
    `select organization_id, id, send_at, held_until from messages m
     where message_queued(m) and waits_for_window(traffic_class, false) and send_at > ? order by organization_id, id for update`,
    [now],
  );
}

/** Each message's new first dispatch: held_until and dispatch_after together (never before its send_at). */
export async function retimeScheduled(runner: Runner, moves: { organization_id: string; id: string; at: Date }[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  await rows(
    runner,
    `update messages m set held_until = x.at, dispatch_after = x.at, updated_at = ?
     from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, id uuid, at timestamptz)
     where m.organization_id = x.organization_id and m.id = x.id returning 1`,
    [now, JSON.stringify(moves)],
  );
}
