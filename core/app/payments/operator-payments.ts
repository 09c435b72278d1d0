// The operator's view of proven mobile-money payments (`ops payments list`), and its assignment of one kept
// unmatched (a paybill payment whose account number named no organization) to the organization it belongs to.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { UUID_RE } from '../../db/ids.ts';
import { findPayments, lockPayment, type PaymentRow } from '../../db/payments/mobile-money-payments.ts';
import { keysetPage } from '../paging.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { creditPaymentRow } from './credit-payment.ts';
import { ZPage } from '../../inputs/common.ts';

export const ZOperatorPaymentsQuery = ZPage.extend({ organizationId: z.uuid().optional(), unmatched: z.boolean().optional() });
export type TOperatorPaymentsQuery = z.infer<typeof ZOperatorPaymentsQuery>;

function paymentView(row: PaymentRow) {
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    kind: row.kind,
    status: row.status,
    organization_id: row.organization_id,
    top_up_request_id: row.top_up_request_id,
    account_reference: row.account_reference,
    amount: Number(row.amount),
    currency: 'TZS' as const,
    payer_phone: row.payer_phone,
    provider: row.provider,
    ledger_entry_id: row.ledger_entry_id,
    received_at: row.received_at.toISOString(),
    credited_at: row.credited_at === null ? null : row.credited_at.toISOString(),
  };
}

export async function listPaymentsForOperator(ctx: Ctx, query: TOperatorPaymentsQuery) {
  if (query.organizationId) await requireOrganization(ctx, query.organizationId);
  const filter = { organizationId: query.organizationId ?? null, unmatched: query.unmatched ?? false };
  const { items, next_before } = await keysetPage(query, async (walk) => (await findPayments(ctx.em, filter, walk)).map(paymentView));
  return { payments: items, next_before };
}

export const ZAssignPaymentInput = z.strictObject({ paymentId: z.string(), organizationId: z.uuid() });
export type TAssignPaymentInput = z.infer<typeof ZAssignPaymentInput>;

const paymentNotFound = (id: string) => new DomainError('not_found', `No mobile-money payment has the id ${id}.`, { field: 'payment' });

/** Credits an unmatched payment to an organization, once: a credited one is 409 conflict. */
export function assignPayment(ctx: Ctx, input: TAssignPaymentInput) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, input.organizationId);
    const row = UUID_RE.test(input.paymentId) ? await lockPayment(tx.em, input.paymentId) : undefined;
    if (!row) throw paymentNotFound(input.paymentId);
    if (row.status !== 'unmatched') {
      throw new DomainError('conflict', `This payment was already credited to organization ${row.organization_id}.`, { field: 'payment', details: { status: row.status } });
    }
    await creditPaymentRow(tx, row.id, input.organizationId, BigInt(row.amount), row.transaction_id);
    return { payment: paymentView((await lockPayment(tx.em, row.id))!) };
  });
}
