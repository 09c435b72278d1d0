// The message a cancel names, locked (step 5 of lock-order.ts) and read as it is once the lock is held: a
// dispatcher's claim that committed first is seen, one that comes later skips the row until the cancel commits.
import type { Runner } from '../sql.ts';
import { one } from '../sql.ts';
import type { MessageRow } from './message-rows.ts';

export type MessageToCancel = MessageRow & { submit_started_at: Date | null };

export function lockMessageToCancel(tx: Runner, organizationId: string, id: string): Promise<MessageToCancel | undefined> {
  return one<MessageToCancel>(tx, 'select * from messages where organization_id = ? and id = ? for update', [organizationId, id]);
}
