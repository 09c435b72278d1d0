// Cancel one single message that is still queued (sent for later, or waiting for the window or its turn): cancelled,
// its hold released with a ledger entry and a message.cancelled event, all in one transaction.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { isQueued, type MessageStatus } from '../../domain/message-states.ts';
import { SERVICE_FAILURE_REASONS } from '../../domain/failure-reasons.ts';
import { wellFormedId } from '../find-owned.ts';
import { lockMessageToCancel, type MessageToCancel } from '../../db/messages/cancel.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { applyMoves } from './message-moves.ts';
import { getMessage } from './list-messages.ts';
import type { MessageView } from './message-view.ts';

/** Whoever may send a message may take it back before it leaves. */
export const access: Access = { scopes: ['messages:send'], permission: 'messages.send' };

export interface CancelResult {
  message: MessageView;
  /** The message was already cancelled: answered again, nothing moved (X-Idempotent-Replay). */
  replay: boolean;
}

const notFound = (id: string) => new DomainError('not_found', `No message has the id ${id}.`);

/** Why a message that is not queued cannot be cancelled, in words that say what to do instead. */
function notCancellable(row: MessageToCancel): DomainError {
  if (row.campaign_id !== null) {
    return new DomainError('message_not_cancellable', 'This message belongs to a campaign: cancel the campaign instead (POST /v1/campaigns/{id}/cancel).', {
      details: { campaign_id: row.campaign_id },
    });
  }
  const status = row.status as MessageStatus;
  const why = status === 'accepted' ? 'it is already being handed to the network' : `it is already ${status}`;
  return new DomainError('message_not_cancellable', `The message can no longer be cancelled: ${why}.`, { details: { status } });
}

/**
 * The row is locked first and checked as it is then: only a queued message (accepted, live, not claimed by a
 * dispatcher) is cancelled, so a cancel and a claim never both win. A cancelled message is answered again.
 */
export async function cancelMessage(ctx: Ctx, actor: TenantActor, id: string): Promise<CancelResult> {
  if (!wellFormedId(id)) throw notFound(id);
  const replay = await inTransaction(ctx, async (tx) => {
    const row = await lockMessageToCancel(tx.em, actor.organizationId, id);
    // Another mode's message is, for a key, a message it cannot know of.
    if (!row || (actor.kind === 'key' && row.test !== (actor.mode === 'test'))) throw notFound(id);
    if (row.campaign_id === null && row.status === 'cancelled') return true;
    const queued = isQueued({ status: row.status as MessageStatus, test: row.test, submitStartedAt: row.submit_started_at });
    if (row.campaign_id !== null || !queued) throw notCancellable(row);
    await applyMoves(tx.em, tx.now, [{ organizationId: row.organization_id, messageId: row.id, event: 'cancel', failureReason: SERVICE_FAILURE_REASONS.cancelled }]);
    await recordAudit(tx, actor, { organizationId: row.organization_id, action: 'message.cancelled', targetType: 'message', targetId: row.id, details: { released: row.total } });
    return false;
  });
  return { message: await getMessage(ctx, actor, id), replay };
}
