// POST /v1/wallet/top-ups: a member says what it paid in (amount, how, the payment's reference) and asks to be
// credited. The request moves no money: only the operator's credit against it does (credit-top-up.ts).
// One payment, one live request: a reference is compared in its canonical form (top-up-reference.ts) with
// every pending or credited request of every organization.
import type { Access } from '../../../domain/access.ts';
import type { Ctx } from '../../context.ts';
import type { TenantActor } from '../../actor.ts';
import { inTransaction } from '../../context.ts';
import { DomainError } from '../../../domain/errors.ts';
import { topUpReferenceKey } from '../../../domain/top-up-reference.ts';
import { newId } from '../../../db/ids.ts';
import { insertTopUpRequest } from '../../../db/top-ups/top-up-requests.ts';
import type { Holder } from '../../../db/top-ups/reference-clashes.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findTopUp, topUpView } from './top-up-view.ts';
import { liveHolder, recordRefusedClaim } from './reference-clashes.ts';
import { type TRequestTopUpBody } from '../../../inputs/wallet.ts';

/** Members only: keys never top up the wallet (SPEC Authentication 4). */
export const access: Access = { scopes: [], permission: 'wallet.top_up' };

/** The refusal: 409 conflict, field reference; details.claimed_by says whose request holds the reference. */
function referenceClaimed(holder: Holder, organizationId: string): DomainError {
  if (holder.organization_id === organizationId) {
    return new DomainError('conflict', `Your top-up request ${holder.id} already has this payment reference (${holder.status}): a payment is credited once.`, {
      field: 'reference',
      details: { claimed_by: 'this_organization', top_up: holder.id },
    });
  }
  return new DomainError(
    'conflict',
    "Another organization's top-up request already has this payment reference: a payment is credited once. The operator has been told of this request; if the payment is yours, contact support with its receipt.",
    { field: 'reference', details: { claimed_by: 'another_organization' } },
  );
}

type Filed = { top_up: ReturnType<typeof topUpView> } | { holder: Holder };

/**
 * Writes the request unless a live request holds its canonical reference. The unique index decides between two
 * filings at the same moment: the second inserts nothing, then reads the first, committed by then.
 */
async function file(tx: Ctx, actor: TenantActor, body: TRequestTopUpBody, referenceKey: string, attempt = 1): Promise<Filed> {
  const held = await liveHolder(tx, referenceKey, actor.organizationId);
  if (held) return { holder: held };
  const id = newId();
  const inserted = await insertTopUpRequest(tx.em, {
    id,
    organizationId: actor.organizationId,
    amount: body.amount,
    method: body.method,
    reference: body.reference,
    referenceKey,
    note: body.note || null,
    requestedByMemberId: actor.kind === 'member' ? actor.memberId : null,
    at: tx.now,
  });
  if (!inserted) {
    // The holder of a conflict may have been declined since: the reference is then free, so file again.
    if (attempt >= 3) throw new Error('a top-up reference was held and freed three times while one request was filed');
    return file(tx, actor, body, referenceKey, attempt + 1);
  }
  await recordAudit(tx, actor, {
    organizationId: actor.organizationId,
    action: 'wallet.top_up_requested',
    targetType: 'top_up_request',
    targetId: id,
    details: { amount: body.amount, method: body.method, reference: body.reference },
  });
  return { top_up: topUpView(await findTopUp(tx, id)) };
}

export async function requestTopUp(ctx: Ctx, actor: TenantActor, body: TRequestTopUpBody) {
  const referenceKey = topUpReferenceKey(body.reference);
  const filed = await inTransaction(ctx, (tx) => file(tx, actor, body, referenceKey));
  if ('top_up' in filed) return { top_up: filed.top_up };
  // Another organization's reference: refused, and kept for the operator (`ops top-ups list` shows the clash).
  if (filed.holder.organization_id !== actor.organizationId) {
    await recordRefusedClaim(ctx, actor, { amount: body.amount, method: body.method, reference: body.reference, referenceKey, note: body.note || null }, filed.holder);
  }
  throw referenceClaimed(filed.holder, actor.organizationId);
}
