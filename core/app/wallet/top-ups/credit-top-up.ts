// Operator: credits a wallet against a member's top-up request. The top_up ledger entry and the request's
// new state (credited, with the amount and the entry) commit together, and a request is credited once.
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { inTransaction } from '../../context.ts';
import { unwrap } from '../../../domain/errors.ts';
import { decideTopUp } from '../../../domain/top-up-requests.ts';
import { markTopUpCredited } from '../../../db/top-ups/top-up-requests.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { requireOrganization } from '../../organizations/find-organization.ts';
import { ZCreditWalletInput, creditWallet } from '../credit-wallet.ts';
import { ZId } from '../../../inputs/common.ts';
import { findTopUp, lockTopUp, operatorTopUpView, refuseOperatorDecisionOfPush } from './top-up-view.ts';

/** The operator's credit (amount actually received, its own reference) and the request it answers. */
export const ZCreditTopUpInput = ZCreditWalletInput.extend({ topUpId: ZId });
export type TCreditTopUpInput = z.infer<typeof ZCreditTopUpInput>;

export async function creditTopUp(ctx: Ctx, actor: Actor, input: TCreditTopUpInput) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, input.organizationId);
    // Locked before the wallet (lock-order.ts): a second credit of the same request waits here, then is refused.
    const request = await lockTopUp(tx, input.topUpId, input.organizationId);
    refuseOperatorDecisionOfPush(request);
    const status = unwrap(decideTopUp(request.status, 'credit'));
    const credited = await creditWallet(tx, actor, { organizationId: input.organizationId, amount: input.amount, reference: input.reference });
    await markTopUpCredited(tx.em, request, { status, amount: input.amount, ledgerEntryId: credited.ledger_entry_id, at: tx.now });
    await recordAudit(tx, actor, {
      organizationId: input.organizationId,
      action: 'wallet.top_up_request_credited',
      targetType: 'top_up_request',
      targetId: request.id,
      details: { requested: Number(request.amount), credited: Number(input.amount), ledger_entry_id: credited.ledger_entry_id, reference: input.reference },
    });
    return { top_up: await operatorTopUpView(tx, await findTopUp(tx, request.id)), ...credited };
  });
}
