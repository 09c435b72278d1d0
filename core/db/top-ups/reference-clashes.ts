// Who holds a payment reference, the filings refused because another organization held it, and the clashes the
// operator is shown: one payment must not be claimed twice, by one organization or by two.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TopUpStatus } from '../../domain/top-up-requests.ts';
import { exec, one, pgArray, rows } from '../sql.ts';
import type { TopUpFiling } from './top-up-requests.ts';

/** The live request (pending or credited) that holds a canonical reference. */
export interface Holder {
  id: string;
  organization_id: string;
  status: TopUpStatus;
}

/**
 * The live request holding the canonical reference, if any: the caller's own organization's first (its own
 * duplicate, whose id it may be told), then the one the unique index protects, then the earliest. Requests
 * filed before references were compared across organizations may share one (clash_of names the first).
 */
export function findLiveHolder(em: EntityManager, referenceKey: string, organizationId: string): Promise<Holder | undefined> {
  return one<Holder>(
    em,
    `select id, organization_id, status from top_up_requests where reference_key = ? and status <> 'declined'
     order by organization_id = ? desc, clash_of is null desc, created_at, id limit 1`,
    [referenceKey, organizationId],
  );
}

/** A filing refused for its reference, kept beside the request that holds the reference. */
export interface RefusedFiling extends TopUpFiling {
  /** The request that holds the reference. */
  topUpRequestId: string;
}

export async function insertRefusedFiling(em: EntityManager, filing: RefusedFiling): Promise<void> {
  await exec(
    em,
    `insert into top_up_reference_clashes
       (id, organization_id, top_up_request_id, amount, method, reference, reference_key, note, requested_by_member_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      filing.id,
      filing.organizationId,
      filing.topUpRequestId,
      filing.amount,
      filing.method,
      filing.reference,
      filing.referenceKey,
      filing.note,
      filing.requestedByMemberId,
      filing.at,
    ],
  );
}

/**
 * Requests with a clash: another live request with the same canonical reference (only those filed before
 * the unique index can exist), or a filing refused against it.
 */
export const HAS_CLASH = `((r.status <> 'declined' and exists (select 1 from top_up_requests o
    where o.reference_key = r.reference_key and o.id <> r.id and o.status <> 'declined'))
  or exists (select 1 from top_up_reference_clashes c where c.top_up_request_id = r.id))`;

export interface ClashRow {
  /** The request the clash is of. */
  of_id: string;
  id: string;
  organization_id: string;
  status: TopUpStatus | 'refused';
  reference: string;
  amount: string;
  requested_by: string | null;
  created_at: Date;
}

/** The clashes of these requests, oldest first: the other live requests (their status) and refused filings (refused). */
export async function findClashes(em: EntityManager, requestIds: string[]): Promise<ClashRow[]> {
  if (requestIds.length === 0) return [];
  const ids = pgArray(requestIds);
  return rows<ClashRow>(
    em,
    `select r.id as of_id, o.id, o.organization_id, o.status, o.reference, o.amount, o.requested_by_member_id as requested_by, o.created_at
     from top_up_requests r
     join top_up_requests o on o.reference_key = r.reference_key and o.id <> r.id and o.status <> 'declined'
     where r.id = any(?::uuid[]) and r.status <> 'declined'
     union all
     select c.top_up_request_id, c.id, c.organization_id, 'refused', c.reference, c.amount, c.requested_by_member_id, c.created_at
     from top_up_reference_clashes c where c.top_up_request_id = any(?::uuid[])
     order by created_at, id`,
    [ids, ids],
  );
}
