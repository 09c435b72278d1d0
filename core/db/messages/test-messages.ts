// Test-mode messages as written at once in their final status (core/app/messages/test-mode.ts decides it): the
// message, its one attempt, and the receipt a real one would have.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec } from '../sql.ts';

/** A messages row whole, its columns by name (jsonb_populate_record: columns left out are null). */
export async function insertMessage(em: EntityManager, row: Record<string, unknown>): Promise<void> {
  await exec(em, 'insert into messages select * from jsonb_populate_record(null::messages, ?::jsonb)', [JSON.stringify(row)]);
}

export async function insertFirstAttempt(
  em: EntityManager,
  m: { organizationId: string; messageId: string },
  attempt: { state: 'submitted' | 'refused'; detail: string | null; at: Date },
): Promise<void> {
  await exec(
    em,
    'insert into message_attempts (organization_id, message_id, number, state, detail, started_at, finished_at) values (?, ?, 1, ?, ?, ?, ?)',
    [m.organizationId, m.messageId, attempt.state, attempt.detail, attempt.at, attempt.at],
  );
}

/** The receipt of a one-part message: its delivery is also its effect. */
export async function insertFirstReceipt(
  em: EntityManager,
  m: { organizationId: string; messageId: string },
  receipt: { id: string; providerId: string; delivery: 'delivered' | 'undelivered'; rawStatus: string; errorCode: string; at: Date },
): Promise<void> {
  await exec(
    em,
    `insert into message_receipts (id, organization_id, message_id, provider_id, part, delivery, effect, raw_status, error_code, received_at)
     values (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
    [receipt.id, m.organizationId, m.messageId, receipt.providerId, receipt.delivery, receipt.delivery, receipt.rawStatus, receipt.errorCode, receipt.at],
  );
}
