// A top-up request as members and operators see it, and the reads of its row.
import type { Ctx } from '../../context.ts';
import type { TopUpRequest } from '../../../db/entities/top-up-request.ts';
import { DomainError } from '../../../domain/errors.ts';
import { UUID_RE } from '../../../db/ids.ts';
import { findTopUpRequest } from '../../../db/top-ups/top-up-requests.ts';
import { clashesOf } from './reference-clashes.ts';

/**
 * Amounts in cents; credited_amount is what was credited (by the operator, or what the payer actually paid),
 * which may differ from what was asked. A push payment names its wallet, the payer, the aggregator's id and why
 * it failed.
 */
export function topUpView(request: TopUpRequest) {
  return {
    id: request.id,
    status: request.status,
    amount: Number(request.amount),
    currency: 'TZS' as const,
    method: request.method,
    reference: request.reference,
    note: request.note,
    requested_by: request.requestedByMemberId,
    credited_amount: request.creditedAmount === null ? null : Number(request.creditedAmount),
    ledger_entry_id: request.ledgerEntryId,
    decline_reason: request.declineReason,
    provider: request.provider,
    payer_phone: request.payerPhone,
    transaction_id: request.transactionId,
    failure_code: request.failureCode,
    failure_reason: request.failureReason,
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt === null ? null : request.decidedAt.toISOString(),
  };
}

/**
 * The operator works across organizations, so its view names the organization, and shows the request's clashes:
 * another live request with the same payment reference, or a filing refused because this one held it
 * (reference-clashes.ts). Empty for almost every request.
 */
export async function operatorTopUpViews(ctx: Ctx, found: TopUpRequest[]) {
  const clashes = await clashesOf(ctx, found.map((request) => request.id));
  return found.map((request) => ({
    organization_id: request.organizationId,
    ...topUpView(request),
    flag: request.flag,
    status_checks: request.statusChecks,
    next_status_check_at: request.nextStatusCheckAt === null ? null : request.nextStatusCheckAt.toISOString(),
    last_status_error: request.lastStatusError,
    clashes: clashes.get(request.id) ?? [],
  }));
}

export async function operatorTopUpView(ctx: Ctx, request: TopUpRequest) {
  return (await operatorTopUpViews(ctx, [request]))[0]!;
}

export const topUpNotFound = (id: string) => new DomainError('not_found', `No top-up request has the id ${id}.`, { field: 'top_up' });

/**
 * The request, locked until the transaction ends so that one decision waits for another and then sees it;
 * when organizationId is given, a request of another organization is not found.
 */
export async function lockTopUp(ctx: Ctx, id: string, organizationId?: string): Promise<TopUpRequest> {
  const request = UUID_RE.test(id) ? await findTopUpRequest(ctx.em, id, organizationId === undefined ? { lock: true } : { lock: true, organizationId }) : null;
  if (!request) throw topUpNotFound(id);
  return request;
}

/**
 * The operator decides filed requests only: a push payment is settled by the aggregator's proof alone, so that
 * a payment proven later is never credited a second time by hand (409 conflict).
 */
export function refuseOperatorDecisionOfPush(request: TopUpRequest): void {
  if (request.provider === null) return;
  throw new DomainError('conflict', 'This top-up is a mobile-money push payment: it is credited or failed by the payment service\'s answer only, never by hand.', {
    field: 'top_up',
    details: { status: request.status, transaction_id: request.transactionId },
  });
}

export async function findTopUp(ctx: Ctx, id: string): Promise<TopUpRequest> {
  const request = await findTopUpRequest(ctx.em, id);
  if (!request) throw topUpNotFound(id);
  return request;
}
