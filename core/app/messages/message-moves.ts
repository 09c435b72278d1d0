// Moves messages through the state table in bulk: status, charge, ledger entries and events in one transaction.
import type { MessageEvent, MessageStatus } from '../../domain/message-states.ts';
import { canTransition, isFinal, moneyEffect, settleCharge, transition } from '../../domain/message-states.ts';
import { capture, refund, release } from '../../domain/ledger.ts';
import type { Runner } from '../../db/sql.ts';
import { applyMovementsByOrganization, type BatchMovement } from '../../db/wallets.ts';
import { lockMessagesToMove, writeMessageMoves, type MessageMove } from '../../db/messages/message-moves.ts';
import { addEvents, type OutboxEvent } from '../../db/messages/outbox.ts';
import { messageEvent } from './outbox.ts';

export interface Move {
  organizationId: string;
  messageId: string;
  event: MessageEvent;
  failureReason?: string | null;
}

export interface MoveResult {
  organizationId: string;
  messageId: string;
  /** The status after the move, or null when the table does not allow it from the current status. */
  status: MessageStatus | null;
}

/**
 * Applies each move the state table allows (a late or repeated event is left alone and reported
 * with status null). Must run inside a transaction: rows are locked, and money, status and events
 * commit together. `beforeMoney` writes what depends on the results before the wallets are locked.
 */
export async function applyMoves(tx: Runner, at: Date, moves: Move[], beforeMoney?: (results: MoveResult[]) => Promise<void>): Promise<MoveResult[]> {
  if (moves.length === 0) {
    await beforeMoney?.([]);
    return [];
  }
  const locked = await lockMessagesToMove(tx, moves.map((m) => ({ organization_id: m.organizationId, id: m.messageId })));
  const current = new Map(locked.map((r) => [`${r.organization_id}/${r.id}`, r]));
  // Keyed by message: two moves of one message in a batch leave one row update (the last state).
  const updates = new Map<string, MessageMove>();
  const money = new Map<string, BatchMovement[]>();
  const events: OutboxEvent[] = [];
  const results: MoveResult[] = [];
  for (const move of moves) {
    const row = current.get(`${move.organizationId}/${move.messageId}`);
    if (!row || !canTransition(row.status, move.event)) {
      results.push({ organizationId: move.organizationId, messageId: move.messageId, status: null });
      continue;
    }
    const next = transition(row.status, move.event);
    const effect = moneyEffect(row.status, move.event, { campaign: row.campaign_id !== null });
    const settled = row.charge === 'none' ? { charge: row.charge, movement: 'none' as const } : settleCharge(row.charge, effect);
    if (settled.movement !== 'none') {
      const amount = BigInt(row.total);
      const list = money.get(row.organization_id) ?? [];
      const step = settled.movement === 'capture' ? capture : settled.movement === 'refund' ? refund : release;
      list.push({ movement: (b) => step(b, amount), messageId: row.id, campaignId: row.campaign_id });
      money.set(row.organization_id, list);
    }
    const key = `${row.organization_id}/${row.id}`;
    const earlierReason = updates.get(key)?.failure_reason ?? null;
    updates.set(key, { organization_id: row.organization_id, id: row.id, status: next, charge: settled.charge, final: isFinal(next), failure_reason: move.failureReason ?? earlierReason });
    if (next !== row.status) events.push(messageEvent(row, next, move.failureReason ? { failure_reason: move.failureReason } : {}));
    row.status = next;
    row.charge = settled.charge;
    results.push({ organizationId: move.organizationId, messageId: move.messageId, status: next });
  }
  if (updates.size) await writeMessageMoves(tx, at, [...updates.values()]);
  await addEvents(tx, at, events);
  await beforeMoney?.(results);
  // Wallets last: they are the rows every writer shares, so they stay locked only until the commit.
  await applyMovementsByOrganization(tx, money, { actorType: 'system', actorId: null, at });
  return results;
}
