// Payments the aggregator proved, one row each by its transaction id: the row is what makes a payment credit
// once, however many notices and status answers announce it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, rows } from '../sql.ts';

export interface ProvenPayment {
  id: string;
  transactionId: string;
  kind: 'push' | 'paybill';
  organizationId: string | null;
  topUpRequestId: string | null;
  accountReference: string | null;
  amount: bigint;
  payerPhone: string | null;
  provider: string | null;
  at: Date;
}

/**
 * Keeps the payment, unmatched until it is credited; false when a row of that transaction id exists already
 * (committed, or being written by a transaction this one then waits for: the unique index decides).
 */
export async function insertProvenPayment(em: EntityManager, payment: ProvenPayment): Promise<boolean> {
  const inserted = await rows(
    em,
    `insert into mobile_money_payments (id, transaction_id, kind, status, organization_id, top_up_request_id, account_reference,
       amount, payer_phone, provider, received_at)
     values (?, ?, ?, 'unmatched', ?, ?, ?, ?, ?, ?, ?)
     on conflict (transaction_id) do nothing returning id`,
    [payment.id, payment.transactionId, payment.kind, payment.organizationId, payment.topUpRequestId, payment.accountReference,
      payment.amount, payment.payerPhone, payment.provider, payment.at],
  );
  return inserted.length > 0;
}

/** The payment credited to an organization by that ledger entry. */
export async function markPaymentCredited(em: EntityManager, id: string, credit: { organizationId: string; ledgerEntryId: string; at: Date }): Promise<void> {
  await exec(
    em,
    `update mobile_money_payments set status = 'credited', organization_id = ?, ledger_entry_id = ?, credited_at = ? where id = ? and status = 'unmatched'`,
    [credit.organizationId, credit.ledgerEntryId, credit.at, id],
  );
}

export interface PaymentRow {
  id: string;
  transaction_id: string;
  kind: 'push' | 'paybill';
  status: 'credited' | 'unmatched';
  organization_id: string | null;
  top_up_request_id: string | null;
  account_reference: string | null;
  amount: string;
  payer_phone: string | null;
  provider: string | null;
  ledger_entry_id: string | null;
  received_at: Date;
  credited_at: Date | null;
}

/** The payment, locked (an operator's assignment of an unmatched one waits for another). */
export async function lockPayment(em: EntityManager, id: string): Promise<PaymentRow | undefined> {
  return (await rows<PaymentRow>(em, 'select * from mobile_money_payments where id = ? for update', [id]))[0];
}

/** The operator's page: every payment or the unmatched ones, of one organization or all, newest first. */
export function findPayments(
  em: EntityManager,
  filter: { organizationId: string | null; unmatched: boolean },
  walk: { olderThan: string | undefined; limit: number },
): Promise<PaymentRow[]> {
  return rows<PaymentRow>(
    em,
    `select * from mobile_money_payments
     where (?::uuid is null or organization_id = ?) and (not ?::boolean or status = 'unmatched') and (?::uuid is null or id < ?::uuid)
     order by id desc limit ?`,
    [filter.organizationId, filter.organizationId, filter.unmatched, walk.olderThan ?? null, walk.olderThan ?? null, walk.limit],
  );
}

