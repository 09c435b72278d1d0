// Top-up requests: one request found, locked and decided as the TopUpRequest entity; filing one and the pages of
// them as SQL (the unique index decides between two filings at once; pages are walked by id).
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { TopUpMethod, TopUpStatus } from '../../domain/top-up-requests.ts';
import { TopUpRequest } from '../entities/top-up-request.ts';
import { idPageRows, rows } from '../sql.ts';
import { HAS_CLASH } from './reference-clashes.ts';

/**
 * The request, or null; of that organization only when one is given. Read afresh, as the statement it replaced
 * was. With lock, held until the transaction ends (lock-order.ts, step 4), so that one decision waits for
 * another and then sees it.
 */
export function findTopUpRequest(em: EntityManager, id: string, options: { lock?: boolean; organizationId?: string } = {}): Promise<TopUpRequest | null> {
  const where = options.organizationId === undefined ? { id } : { id, organizationId: options.organizationId };
  return em.findOne(TopUpRequest, where, options.lock ? { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE } : { refresh: true });
}

export interface TopUpFiling {
  id: string;
  organizationId: string;
  amount: number;
  method: TopUpMethod;
  reference: string;
  referenceKey: string;
  note: string | null;
  requestedByMemberId: string | null;
  at: Date;
}

/**
 * Files the request unless a live request holds its canonical reference: false when the unique index kept it out
 * (another filing got there first), so the caller reads the holder, committed by then.
 */
export async function insertTopUpRequest(em: EntityManager, filing: TopUpFiling): Promise<boolean> {
  const inserted = await rows(
    em,
    `insert into top_up_requests (id, organization_id, amount, method, reference, reference_key, note, requested_by_member_id, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (reference_key) where status <> 'declined' and clash_of is null do nothing
     returning id`,
    [filing.id, filing.organizationId, filing.amount, filing.method, filing.reference, filing.referenceKey, filing.note, filing.requestedByMemberId, filing.at, filing.at],
  );
  return inserted.length > 0;
}

/** The request credited: the amount received and the top_up entry that paid it in (status from decideTopUp). */
export async function markTopUpCredited(
  em: EntityManager,
  request: TopUpRequest,
  credit: { status: TopUpStatus; amount: bigint; ledgerEntryId: string; at: Date },
): Promise<void> {
  request.status = credit.status;
  request.creditedAmount = credit.amount;
  request.ledgerEntryId = credit.ledgerEntryId;
  request.decidedAt = credit.at;
  request.updatedAt = credit.at;
  await em.flush();
}

/** The request declined, with the reason the member sees (status from decideTopUp). */
export async function markTopUpDeclined(em: EntityManager, request: TopUpRequest, decline: { status: TopUpStatus; reason: string; at: Date }): Promise<void> {
  request.status = decline.status;
  request.declineReason = decline.reason;
  request.decidedAt = decline.at;
  request.updatedAt = decline.at;
  await em.flush();
}

/** A page of the organization's requests (of one status, or all), newest first. */
export async function findTopUpRequests(
  em: EntityManager,
  organizationId: string,
  status: TopUpStatus | null,
  walk: { olderThan: string | undefined; limit: number },
): Promise<TopUpRequest[]> {
  const found = await idPageRows<Record<string, unknown>>(em, {
    table: 'top_up_requests',
    organizationId,
    ...walk,
    where: '(?::text is null or status = ?)',
    params: [status, status],
  });
  return found.map((row) => em.map(TopUpRequest, row));
}

/** The operator's page: every organization's requests or one's, of one status or all, only those with a clash, only the flagged. */
export async function findTopUpRequestsForOperator(
  em: EntityManager,
  filter: { organizationId: string | null; status: TopUpStatus | null; clashing: boolean; flagged: boolean },
  walk: { olderThan: string | undefined; limit: number },
): Promise<TopUpRequest[]> {
  const { organizationId: org, status } = filter;
  const found = await rows<Record<string, unknown>>(
    em,
    `select * from top_up_requests r
     where (?::uuid is null or organization_id = ?) and (?::text is null or status = ?) and (?::uuid is null or id < ?::uuid)
       and (not ?::boolean or ${HAS_CLASH}) and (not ?::boolean or flag is not null)
     order by id desc limit ?`,
    [org, org, status, status, walk.olderThan ?? null, walk.olderThan ?? null, filter.clashing, filter.flagged, walk.limit],
  );
  return found.map((row) => em.map(TopUpRequest, row));
}
