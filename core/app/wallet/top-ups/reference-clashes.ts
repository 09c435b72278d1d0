// Who holds a payment reference, the filings refused because another organization held it, and the clashes
// the operator is shown: one payment must not be claimed twice, by one organization or by two.
import type { Ctx } from '../../context.ts';
import type { TenantActor } from '../../actor.ts';
import type { TopUpStatus } from '../../../domain/top-up-requests.ts';
import { inTransaction } from '../../context.ts';
import { newId } from '../../../db/ids.ts';
import { cents, exec, iso, one, pgArray, rows } from '../../../db/sql.ts';
import { recordAudit } from '../../audit/record-audit.ts';

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
export function liveHolder(ctx: Ctx, referenceKey: string, organizationId: string): Promise<Holder | undefined> {
  return one<Holder>(
    ctx.em,
    `select id, organization_id, status from top_up_requests where reference_key = ? and status <> 'declined'
     order by organization_id = ? desc, clash_of is null desc, created_at, id limit 1`,
    [referenceKey, organizationId],
  );
}

export interface RefusedClaim {
  amount: number;
  method: string;
  reference: string;
  referenceKey: string;
  note: string | null;
}

/**
 * Keeps a filing refused because another organization's request holds its reference, for the operator, with
 * an audit event in the filing organization (which names neither the other organization nor its request).
 * On a connection and in a transaction of its own: the refusal rolls back the caller's transaction (and
 * the idempotency record around it), and the operator must see the attempt all the same.
 */
export async function recordRefusedClaim(ctx: Ctx, actor: TenantActor, claim: RefusedClaim, holder: Holder): Promise<void> {
  const own: Ctx = { ...ctx, em: ctx.deps.orm.em.fork() };
  await inTransaction(own, async (tx) => {
    const id = newId();
    await exec(
      tx.em,
      `insert into top_up_reference_clashes
         (id, organization_id, top_up_request_id, amount, method, reference, reference_key, note, requested_by_member_id, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, actor.organizationId, holder.id, claim.amount, claim.method, claim.reference, claim.referenceKey, claim.note, actor.kind === 'member' ? actor.memberId : null, tx.now],
    );
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'wallet.top_up_refused_reference_claimed',
      targetType: 'top_up_reference_clash',
      targetId: id,
      details: { amount: claim.amount, method: claim.method, reference: claim.reference },
    });
  });
}

/**
 * Requests with a clash: another live request with the same canonical reference (only those filed before
 * the unique index can exist), or a filing refused against it.
 */
export const HAS_CLASH = `((r.status <> 'declined' and exists (select 1 from top_up_requests o
    where o.reference_key = r.reference_key and o.id <> r.id and o.status <> 'declined'))
  or exists (select 1 from top_up_reference_clashes c where c.top_up_request_id = r.id))`;

interface ClashRow {
  of_id: string;
  id: string;
  organization_id: string;
  status: TopUpStatus | 'refused';
  reference: string;
  amount: string;
  requested_by: string | null;
  created_at: Date;
}

/** One clash as the operator sees it: the other request (its status) or the refused filing (status refused). */
export type Clash = ReturnType<typeof clashView>;

function clashView(row: ClashRow) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    status: row.status,
    reference: row.reference,
    amount: cents(row.amount),
    requested_by: row.requested_by,
    created_at: iso(row.created_at)!,
  };
}

/** The clashes of each request, oldest first, by request id (a request without any has none in the map). */
export async function clashesOf(ctx: Ctx, requestIds: string[]): Promise<Map<string, Clash[]>> {
  const byRequest = new Map<string, Clash[]>();
  if (requestIds.length === 0) return byRequest;
  const ids = pgArray(requestIds);
  const found = await rows<ClashRow>(
    ctx.em,
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
  for (const row of found) byRequest.set(row.of_id, [...(byRequest.get(row.of_id) ?? []), clashView(row)]);
  return byRequest;
}
