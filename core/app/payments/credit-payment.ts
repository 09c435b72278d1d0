// A payment the aggregator proved is credited once: its row in mobile_money_payments (unique by the aggregator's
// transaction id) is written in the same transaction as the top_up ledger entry, so a second notice of the same
// payment, however close behind the first, finds the row and moves nothing.
import type { Ctx } from '../context.ts';
import type { TopUpRequest } from '../../db/entities/top-up-request.ts';
import { inTransaction } from '../context.ts';
import { topUp as topUpMovement } from '../../domain/ledger.ts';
import { PROVIDER_NAMES, isPaymentReference } from '../../domain/mobile-money.ts';
import { payTopUp, tzsToCents, type TopUpFlag } from '../../domain/push-payments.ts';
import { applyMovement } from '../../db/wallets.ts';
import { newId } from '../../db/ids.ts';
import { insertProvenPayment, markPaymentCredited } from '../../db/payments/mobile-money-payments.ts';
import { lockPushTopUp, markPushCredited } from '../../db/payments/push-payments.ts';
import { findOrganizationByReference } from '../../db/payments/payment-references.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueTopUpReceipts } from '../wallet/sms-alerts/top-up-receipts.ts';

const SYSTEM = { actorType: 'system', actorId: null } as const;

export type CreditOutcome =
  | { kind: 'credited'; paymentId: string; organizationId: string; ledgerEntryId: string; flag: TopUpFlag | null }
  | { kind: 'duplicate' }
  | { kind: 'unmatched'; paymentId: string };

export interface ProvenPush {
  /** How the payment names its push payment: our id (the externalId echoed), else the aggregator's id. */
  by: { id: string } | { transactionId: string };
  transactionId: string;
  amountTzs: number;
  payerPhone: string | null;
  /** Where the proof came from, for the audit: the aggregator's callback or its answer to a status call. */
  source: 'callback' | 'status';
}

/**
 * The top_up entry that pays a proven payment into the organization's wallet, with the payment's words, and the
 * receipts by SMS of the members who get them, in the same transaction (they leave only if the money came in).
 */
async function creditEntry(tx: Ctx, paid: { organizationId: string; amount: bigint; reference: string; paymentId: string }): Promise<string> {
  const { entryId, balance } = await applyMovement(tx.em, paid.organizationId, (b) => topUpMovement(b, paid.amount), { ...SYSTEM, reference: paid.reference, at: tx.now });
  await queueTopUpReceipts(tx, { organizationId: paid.organizationId, amount: paid.amount, availableAfter: balance.available, paymentId: paid.paymentId });
  return entryId;
}

/**
 * A push payment paid: credited with what was actually paid. A push payment already credited under another
 * transaction id (the aggregator announcing a second payment for one checkout) is money received all the same:
 * credited to the organization and audited for the operator, the top-up request left as it was.
 */
export function creditPushPayment(ctx: Ctx, paid: ProvenPush): Promise<CreditOutcome> {
  return inTransaction(ctx, async (tx) => {
    const request = await lockPushTopUp(tx.em, paid.by);
    const amount = tzsToCents(paid.amountTzs);
    const paymentId = newId();
    const kept = await insertProvenPayment(tx.em, {
      id: paymentId,
      transactionId: paid.transactionId,
      kind: 'push',
      organizationId: request?.organizationId ?? null,
      topUpRequestId: request?.id ?? null,
      accountReference: 'id' in paid.by ? paid.by.id : null,
      amount,
      payerPhone: paid.payerPhone ?? request?.payerPhone ?? null,
      provider: request?.provider ?? null,
      at: tx.now,
    });
    if (!kept) return { kind: 'duplicate' };
    if (!request) return { kind: 'unmatched', paymentId };
    const reference = `${PROVIDER_NAMES[request.provider!]} ${paid.transactionId}`;
    const ledgerEntryId = await creditEntry(tx, { organizationId: request.organizationId, amount, reference, paymentId });
    await markPaymentCredited(tx.em, paymentId, { organizationId: request.organizationId, ledgerEntryId, at: tx.now });
    const decided = payTopUp(request, amount);
    const flag = decided.ok ? decided.value.flag : null;
    if (decided.ok) {
      await markPushCredited(tx.em, request, { status: decided.value.status, amount, ledgerEntryId, transactionId: paid.transactionId, flag, at: tx.now });
    }
    await auditCredit(tx, request, { paymentId, ledgerEntryId, amount, transactionId: paid.transactionId, flag, source: paid.source, again: !decided.ok });
    return { kind: 'credited', paymentId, organizationId: request.organizationId, ledgerEntryId, flag };
  });
}

async function auditCredit(
  tx: Ctx,
  request: TopUpRequest,
  credit: { paymentId: string; ledgerEntryId: string; amount: bigint; transactionId: string; flag: TopUpFlag | null; source: string; again: boolean },
): Promise<void> {
  await recordAudit(tx, SYSTEM, {
    organizationId: request.organizationId,
    action: credit.again ? 'wallet.mobile_money_paid_again' : 'wallet.mobile_money_credited',
    targetType: 'top_up_request',
    targetId: request.id,
    details: {
      asked: Number(request.amount),
      credited: Number(credit.amount),
      transaction_id: credit.transactionId,
      ledger_entry_id: credit.ledgerEntryId,
      payment_id: credit.paymentId,
      flag: credit.flag,
      source: credit.source,
    },
  });
}

export interface ProvenPaybill {
  transactionId: string;
  accountReference: string;
  amountTzs: number;
  payerPhone: string | null;
  provider: string | null;
}

/**
 * A payment to the paybill: credited to the organization whose account number the payer typed (spaces and
 * dashes aside), once per transaction id; a number naming no organization (a slip the check digit catches, or
 * an unknown one) is kept, unmatched, for the operator to assign.
 */
export function creditPaybillPayment(ctx: Ctx, paid: ProvenPaybill): Promise<CreditOutcome> {
  return inTransaction(ctx, async (tx) => {
    const typed = paid.accountReference.replace(/[\s-]/g, '');
    const organizationId = isPaymentReference(typed) ? await findOrganizationByReference(tx.em, typed) : undefined;
    const amount = tzsToCents(paid.amountTzs);
    const paymentId = newId();
    const kept = await insertProvenPayment(tx.em, {
      id: paymentId,
      transactionId: paid.transactionId,
      kind: 'paybill',
      organizationId: organizationId ?? null,
      topUpRequestId: null,
      accountReference: paid.accountReference.slice(0, 100),
      amount,
      payerPhone: paid.payerPhone,
      provider: paid.provider,
      at: tx.now,
    });
    if (!kept) return { kind: 'duplicate' };
    if (!organizationId) return { kind: 'unmatched', paymentId };
    const ledgerEntryId = await creditPaymentRow(tx, paymentId, organizationId, amount, paid.transactionId);
    return { kind: 'credited', paymentId, organizationId, ledgerEntryId, flag: null };
  });
}

/** A kept paybill payment credited to an organization (on arrival, or by the operator's assignment). */
export async function creditPaymentRow(tx: Ctx, paymentId: string, organizationId: string, amount: bigint, transactionId: string): Promise<string> {
  const ledgerEntryId = await creditEntry(tx, { organizationId, amount, reference: `Paybill ${transactionId}`, paymentId });
  await markPaymentCredited(tx.em, paymentId, { organizationId, ledgerEntryId, at: tx.now });
  await recordAudit(tx, SYSTEM, {
    organizationId,
    action: 'wallet.paybill_credited',
    targetType: 'mobile_money_payment',
    targetId: paymentId,
    details: { amount: Number(amount), transaction_id: transactionId, ledger_entry_id: ledgerEntryId },
  });
  return ledgerEntryId;
}
