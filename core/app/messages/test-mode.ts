// Test-mode messages complete at once by the recipient's last digit, with the attempt and receipt a real one would have.
import type { Ctx } from '../context.ts';
import { testModeOutcome } from '../../domain/message-states.ts';
import { newId } from '../../db/ids.ts';
import { exec, one } from '../../db/sql.ts';
import { addEvents, messageEvent } from './outbox.ts';

const RAW_STATUS = { delivered: 'DELIVRD', undelivered: 'UNDELIV' } as const;

export async function completeTestMessage(tx: Ctx, organizationId: string, id: string, to: string): Promise<void> {
  const outcome = testModeOutcome(to);
  const failureReason =
    outcome === 'failed' ? 'test mode: numbers ending in 1 or 2 fail' : outcome === 'undelivered' ? 'test mode: numbers ending in 8 are undelivered' : null;
  await exec(
    tx.em,
    'update messages set status = ?, failure_reason = ?, submit_started_at = ?, final_at = ?, updated_at = ? where organization_id = ? and id = ?',
    [outcome, failureReason, tx.now, tx.now, tx.now, organizationId, id],
  );
  await exec(
    tx.em,
    'insert into message_attempts (organization_id, message_id, number, state, detail, started_at, finished_at) values (?, ?, 1, ?, ?, ?, ?)',
    [organizationId, id, outcome === 'failed' ? 'refused' : 'submitted', outcome === 'failed' ? failureReason : null, tx.now, tx.now],
  );
  if (outcome !== 'failed') {
    await exec(
      tx.em,
      `insert into message_receipts (id, organization_id, message_id, provider_id, part, delivery, effect, raw_status, error_code, received_at)
       values (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
      [newId(), organizationId, id, `test-${id}`, outcome, outcome, RAW_STATUS[outcome], outcome === 'undelivered' ? '001' : '000', tx.now],
    );
  }
  const row = await one<{ organization_id: string; id: string; client_ref: string; campaign_id: string | null }>(
    tx.em,
    'select organization_id, id, client_ref, campaign_id from messages where organization_id = ? and id = ?',
    [organizationId, id],
  );
  await addEvents(tx.em, tx.now, [messageEvent(row!, outcome, { test: true })]);
}
