// A top-up request as members and operators see it, and the reads of its row.
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { TopUpMethod, TopUpStatus } from '../../../domain/top-up-requests.ts';
import { TOP_UP_STATUSES } from '../../../domain/top-up-requests.ts';
import { DomainError } from '../../../domain/errors.ts';
import { UUID_RE } from '../../../db/ids.ts';
import { cents, iso, one } from '../../../db/sql.ts';
import { clashesOf } from './reference-clashes.ts';

export interface TopUpRow {
  id: string;
  organization_id: string;
  status: TopUpStatus;
  amount: string;
  method: TopUpMethod;
  reference: string;
  /** The canonical form it is compared by (core/domain/top-up-reference.ts). */
  reference_key: string;
  /** Filed before references were compared across organizations: the earlier live request with its reference. */
  clash_of: string | null;
  note: string | null;
  requested_by_member_id: string | null;
  credited_amount: string | null;
  ledger_entry_id: string | null;
  decline_reason: string | null;
  decided_at: Date | null;
  created_at: Date;
}

export const ZTopUpStatus = z.enum(TOP_UP_STATUSES);

/** Amounts in cents; credited_amount is what the operator credited, which may differ from what was claimed. */
export function topUpView(row: TopUpRow) {
  return {
    id: row.id,
    status: row.status,
    amount: cents(row.amount),
    currency: 'TZS' as const,
    method: row.method,
    reference: row.reference,
    note: row.note,
    requested_by: row.requested_by_member_id,
    credited_amount: row.credited_amount === null ? null : cents(row.credited_amount),
    ledger_entry_id: row.ledger_entry_id,
    decline_reason: row.decline_reason,
    created_at: iso(row.created_at)!,
    decided_at: iso(row.decided_at),
  };
}

/**
 * The operator works across organizations, so its view names the organization, and shows the request's clashes:
 * another live request with the same payment reference, or a filing refused because this one held it
 * (reference-clashes.ts). Empty for almost every request.
 */
export async function operatorTopUpViews(ctx: Ctx, found: TopUpRow[]) {
  const clashes = await clashesOf(ctx, found.map((row) => row.id));
  return found.map((row) => ({ organization_id: row.organization_id, ...topUpView(row), clashes: clashes.get(row.id) ?? [] }));
}

export async function operatorTopUpView(ctx: Ctx, row: TopUpRow) {
  return (await operatorTopUpViews(ctx, [row]))[0]!;
}

export const topUpNotFound = (id: string) => new DomainError('not_found', `No top-up request has the id ${id}.`, { field: 'top_up' });

/**
 * The request, locked until the transaction ends so that one decision waits for another and then sees it;
 * when organizationId is given, a request of another organization is not found.
 */
export async function lockTopUp(ctx: Ctx, id: string, organizationId?: string): Promise<TopUpRow> {
  const row = UUID_RE.test(id)
    ? await one<TopUpRow>(ctx.em, 'select * from top_up_requests where id = ? and (?::uuid is null or organization_id = ?) for update', [id, organizationId ?? null, organizationId ?? null])
    : undefined;
  if (!row) throw topUpNotFound(id);
  return row;
}

export async function findTopUp(ctx: Ctx, id: string): Promise<TopUpRow> {
  const row = await one<TopUpRow>(ctx.em, 'select * from top_up_requests where id = ?', [id]);
  if (!row) throw topUpNotFound(id);
  return row;
}
