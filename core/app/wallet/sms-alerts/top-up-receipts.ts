// The receipt of a credited top-up by SMS, to each member of the organization who gets it: queued in the credit's
// own transaction (it leaves only if the money came in), charged to nobody, and never a reason to refuse the credit
// (a member over the allowance of system messages is skipped).
import type { Ctx } from '../../context.ts';
import { topUpReceiptText } from '../../../domain/sms-alerts.ts';
import { alertRecipients } from '../../../db/sms-alerts/recipients.ts';
import { textAlert } from './text-alert.ts';

export interface TopUpReceipt {
  organizationId: string;
  /** Cents credited. */
  amount: bigint;
  /** The available balance in cents once credited. */
  availableAfter: bigint;
  /** The payment credited (mobile_money_payments): named in the audit of a skipped receipt, never in the words. */
  paymentId: string;
}

/** Queues the receipts in the caller's transaction; returns how many were queued. */
export async function queueTopUpReceipts(tx: Ctx, receipt: TopUpReceipt): Promise<number> {
  if (!tx.em.isInTransaction()) throw new Error("a top-up's receipts are queued inside the transaction of its credit");
  const recipients = await alertRecipients(tx.em, [receipt.organizationId]);
  return textAlert({ db: tx.em, now: tx.now }, 'top_up_receipt', recipients, (r) =>
    topUpReceiptText({ language: r.language, organizationName: r.organization_name, amount: receipt.amount, availableAfter: receipt.availableAfter }),
    { payment_id: receipt.paymentId },
  );
}
