// The messages the tick's timers move (core/app/messages/message-timers.ts), a batch at a time, locked and skipped
// when another transaction holds them.
import type { Runner } from '../sql.ts';
import { rows } from '../sql.ts';

type MessageKey = { organization_id: string; id: string };

/** Queued messages whose ttl (or validity) elapsed before they left. */
export function lockExpiredMessages(tx: Runner, now: Date, limit: number): Promise<MessageKey[]> {
  return rows<MessageKey>(tx, `select organization_id, id from messages m where message_queued(m) and expires_at <= ? limit ${limit} for update skip locked`, [now]);
}

/** Unknown messages whose hold has waited for a receipt since `before`. */
export function lockLapsedUnknownHolds(tx: Runner, before: Date, limit: number): Promise<MessageKey[]> {
  return rows<MessageKey>(
    tx,
    `select organization_id, id from messages where status = 'unknown' and charge = 'held' and updated_at <= ? limit ${limit} for update skip locked`,
    [before],
  );
}
