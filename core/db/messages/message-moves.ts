// The statements of the message mover (core/app/messages/message-moves.ts, which asks the state table): the messages
// to move, locked in lock order, and the one write of a message's status.
import type { Runner } from '../sql.ts';
import { exec, rows } from '../sql.ts';
import { LOCK_MESSAGES_ORDER } from '../lock-order.ts';
import type { MessageStatus } from '../../domain/message-states.ts';

export interface MessageToMove {
  organization_id: string;
  id: string;
  status: MessageStatus;
  charge: 'none' | 'held' | 'captured' | 'released';
  total: string;
  client_ref: string;
  campaign_id: string | null;
}

/** Step 5 of lock-order.ts: the messages a batch of moves names, locked. */
export function lockMessagesToMove(tx: Runner, keys: { organization_id: string; id: string }[]): Promise<MessageToMove[]> {
  return rows<MessageToMove>(
    tx,
    `select m.organization_id, m.id, m.status, m.charge, m.total, m.client_ref, m.campaign_id
     from messages m join jsonb_to_recordset(?::jsonb) as k(organization_id uuid, id uuid) on m.organization_id = k.organization_id and m.id = k.id
     ${LOCK_MESSAGES_ORDER}`,
    [JSON.stringify(keys)],
  );
}

/** A message's state after its moves: the next status the state table gave, and its charge. */
export interface MessageMove {
  organization_id: string;
  id: string;
  status: MessageStatus;
  charge: MessageToMove['charge'];
  /** The status is final: final_at is set, once. */
  final: boolean;
  /** Null keeps the reason the message has. */
  failure_reason: string | null;
}

/** Writes the moves (one row each) the mover took from the state table; only the mover calls it. */
export async function writeMessageMoves(tx: Runner, at: Date, moves: MessageMove[]): Promise<void> {
  await exec(
    tx,
    `update messages m set status = x.status, charge = x.charge, failure_reason = coalesce(x.failure_reason, m.failure_reason),
       final_at = case when x.final and m.final_at is null then ? else m.final_at end, updated_at = ?
     from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, id uuid, status text, charge text, final boolean, failure_reason text)
     where m.organization_id = x.organization_id and m.id = x.id`,
    [at, at, JSON.stringify(moves)],
  );
}
