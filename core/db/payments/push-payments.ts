// Push payments' rows: a top-up request the aggregator answers. Started, given the aggregator's id, failed,
// expired, credited; and the queue of those still waiting that the status task asks about.
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { MobileMoneyProvider, PushFailure } from '../../domain/mobile-money.ts';
import type { TopUpFlag } from '../../domain/push-payments.ts';
import type { TopUpStatus } from '../../domain/top-up-requests.ts';
import { TopUpRequest } from '../entities/top-up-request.ts';
import { exec, rows } from '../sql.ts';

export interface PushStart {
  id: string;
  organizationId: string;
  amount: bigint;
  provider: MobileMoneyProvider;
  payerPhone: string;
  requestedByMemberId: string | null;
  at: Date;
  nextStatusCheckAt: Date;
}

/**
 * A push payment, pending, before the aggregator is asked: its own id is the reference it is known by (the
 * checkout's externalId), so it never meets a filed request's reference.
 */
export async function insertPushTopUp(em: EntityManager, start: PushStart): Promise<void> {
  await exec(
    em,
    `insert into top_up_requests (id, organization_id, amount, method, reference, reference_key, provider, payer_phone,
       requested_by_member_id, next_status_check_at, created_at, updated_at)
     values (?, ?, ?, 'mobile_money', ?, upper(?), ?, ?, ?, ?, ?, ?)`,
    [start.id, start.organizationId, start.amount, start.id, start.id, start.provider, start.payerPhone, start.requestedByMemberId, start.nextStatusCheckAt, start.at, start.at],
  );
}

/** The aggregator took the checkout: its id, kept once (a callback may have settled the payment already). */
export async function recordTransactionId(em: EntityManager, id: string, transactionId: string, at: Date): Promise<void> {
  await exec(em, 'update top_up_requests set transaction_id = ?, updated_at = ? where id = ? and transaction_id is null', [transactionId, at, id]);
}

/**
 * The push payment a notice or a status answer is about, locked until the transaction ends (lock-order.ts,
 * step 4): by our id (the externalId the aggregator echoes), else by the aggregator's transaction id.
 */
export function lockPushTopUp(em: EntityManager, by: { id: string } | { transactionId: string }): Promise<TopUpRequest | null> {
  const where = 'id' in by ? { id: by.id } : { transactionId: by.transactionId };
  return em.findOne(TopUpRequest, { ...where, provider: { $ne: null } }, { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** Paid: the amount credited, the entry that paid it in, and what the operator must look at. */
export async function markPushCredited(
  em: EntityManager,
  request: TopUpRequest,
  paid: { status: TopUpStatus; amount: bigint; ledgerEntryId: string; transactionId: string; flag: TopUpFlag | null; at: Date },
): Promise<void> {
  request.status = paid.status;
  request.creditedAmount = paid.amount;
  request.ledgerEntryId = paid.ledgerEntryId;
  request.transactionId ??= paid.transactionId;
  request.flag = paid.flag;
  request.nextStatusCheckAt = null;
  request.decidedAt = paid.at;
  request.updatedAt = paid.at;
  await em.flush();
}

/** Failed or expired: why, in a code and in words; no more status checks. */
export async function markPushUnpaid(
  em: EntityManager,
  request: TopUpRequest,
  unpaid: { status: TopUpStatus; code: PushFailure; reason: string; at: Date },
): Promise<void> {
  request.status = unpaid.status;
  request.failureCode = unpaid.code;
  request.failureReason = unpaid.reason.slice(0, 500);
  request.nextStatusCheckAt = null;
  request.decidedAt = unpaid.at;
  request.updatedAt = unpaid.at;
  await em.flush();
}

/** A status check that settled nothing: counted, with when to ask next and the error if the asking failed. */
export async function recordStatusCheck(em: EntityManager, request: TopUpRequest, check: { next: Date; error: string | null; at: Date }): Promise<void> {
  request.statusChecks += 1;
  request.nextStatusCheckAt = check.next;
  request.lastStatusError = check.error === null ? null : check.error.slice(0, 500);
  request.updatedAt = check.at;
  await em.flush();
}

/** Push payments still waiting whose time to be asked about has come, the longest due first. */
export async function duePushTopUps(em: EntityManager, now: Date, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    em,
    `select id from top_up_requests
     where status = 'pending' and provider is not null and next_status_check_at <= ?
     order by next_status_check_at, id limit ?`,
    [now, limit],
  );
  return found.map((row) => row.id);
}
