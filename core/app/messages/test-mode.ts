// Test-mode messages complete at once by the recipient's last digit, with the attempt and receipt a real one would have.
import type { Ctx } from '../context.ts';
import { initialStatus } from '../../domain/message-states.ts';
import { SERVICE_FAILURE_REASONS } from '../../domain/failure-reasons.ts';
import { newId } from '../../db/ids.ts';
import { insertFirstAttempt, insertFirstReceipt, insertMessage } from '../../db/messages/test-messages.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { messageEvent } from './outbox.ts';
import { messageRecord, type NewMessage } from './record-message.ts';

const RAW_STATUS = { delivered: 'DELIVRD', undelivered: 'UNDELIV' } as const;

const FAILURE_REASON = {
  delivered: null,
  undelivered: SERVICE_FAILURE_REASONS.test_undelivered,
  failed: SERVICE_FAILURE_REASONS.test_failed,
} as const;

/**
 * Records a test message in the status the state table starts it in (SPEC: a test-mode send is failed,
 * undelivered or delivered at once, never accepted), with its attempt, its receipt and its one event.
 */
export async function recordTestMessage(tx: Ctx, m: NewMessage): Promise<void> {
  const outcome = initialStatus(true, m.to) as keyof typeof FAILURE_REASON;
  const failureReason = FAILURE_REASON[outcome];
  const row = { ...messageRecord(m, tx.now), status: outcome, failure_reason: failureReason, submit_started_at: tx.now, final_at: tx.now };
  const message = { organizationId: m.organizationId, messageId: m.id };
  await insertMessage(tx.em, row);
  await insertFirstAttempt(tx.em, message, { state: outcome === 'failed' ? 'refused' : 'submitted', detail: outcome === 'failed' ? failureReason : null, at: tx.now });
  if (outcome !== 'failed') {
    await insertFirstReceipt(tx.em, message, {
      id: newId(),
      providerId: `test-${m.id}`,
      delivery: outcome,
      rawStatus: RAW_STATUS[outcome],
      errorCode: outcome === 'undelivered' ? '001' : '000',
      at: tx.now,
    });
  }
  const subject = { organization_id: m.organizationId, id: m.id, client_ref: m.clientRef, campaign_id: null };
  await addEvents(tx.em, tx.now, [messageEvent(subject, outcome, { test: true })]);
}
