// Who holds a payment reference, the filings refused because another organization held it, and the clashes
// the operator is shown: one payment must not be claimed twice, by one organization or by two.
import type { Ctx } from '../../context.ts';
import type { TenantActor } from '../../actor.ts';
import type { TopUpMethod } from '../../../domain/top-up-requests.ts';
import { inTransaction } from '../../context.ts';
import { newId } from '../../../db/ids.ts';
import { findClashes, findLiveHolder, insertRefusedFiling, type ClashRow, type Holder } from '../../../db/top-ups/reference-clashes.ts';
import { recordAudit } from '../../audit/record-audit.ts';

/**
 * The live request holding the canonical reference, if any: the caller's own organization's first (its own
 * duplicate, whose id it may be told), then the one the unique index protects, then the earliest.
 */
export function liveHolder(ctx: Ctx, referenceKey: string, organizationId: string): Promise<Holder | undefined> {
  return findLiveHolder(ctx.em, referenceKey, organizationId);
}

export interface RefusedClaim {
  amount: number;
  method: TopUpMethod;
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
    await insertRefusedFiling(tx.em, {
      id,
      organizationId: actor.organizationId,
      topUpRequestId: holder.id,
      ...claim,
      requestedByMemberId: actor.kind === 'member' ? actor.memberId : null,
      at: tx.now,
    });
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'wallet.top_up_refused_reference_claimed',
      targetType: 'top_up_reference_clash',
      targetId: id,
      details: { amount: claim.amount, method: claim.method, reference: claim.reference },
    });
  });
}

/** One clash as the operator sees it: the other request (its status) or the refused filing (status refused). */
export type Clash = ReturnType<typeof clashView>;

function clashView(row: ClashRow) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    status: row.status,
    reference: row.reference,
    amount: Number(row.amount),
    requested_by: row.requested_by,
    created_at: row.created_at.toISOString(),
  };
}

/** The clashes of each request, oldest first, by request id (a request without any has none in the map). */
export async function clashesOf(ctx: Ctx, requestIds: string[]): Promise<Map<string, Clash[]>> {
  const byRequest = new Map<string, Clash[]>();
  for (const row of await findClashes(ctx.em, requestIds)) byRequest.set(row.of_id, [...(byRequest.get(row.of_id) ?? []), clashView(row)]);
  return byRequest;
}
