// Operator: declines a member's top-up request (no payment found, wrong amount, …) with a reason the member sees.
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { inTransaction } from '../../context.ts';
import { unwrap } from '../../../domain/errors.ts';
import { decideTopUp } from '../../../domain/top-up-requests.ts';
import { markTopUpDeclined } from '../../../db/top-ups/top-up-requests.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { ZId } from '../../../inputs/common.ts';
import { findTopUp, lockTopUp, operatorTopUpView, refuseOperatorDecisionOfPush } from './top-up-view.ts';

export const ZDeclineTopUpInput = z.strictObject({
  topUpId: ZId,
  reason: z.string().trim().min(3).max(500),
});
export type TDeclineTopUpInput = z.infer<typeof ZDeclineTopUpInput>;

export async function declineTopUp(ctx: Ctx, actor: Actor, input: TDeclineTopUpInput) {
  return inTransaction(ctx, async (tx) => {
    const request = await lockTopUp(tx, input.topUpId);
    refuseOperatorDecisionOfPush(request);
    const status = unwrap(decideTopUp(request.status, 'decline'));
    await markTopUpDeclined(tx.em, request, { status, reason: input.reason, at: tx.now });
    await recordAudit(tx, actor, {
      organizationId: request.organizationId,
      action: 'wallet.top_up_request_declined',
      targetType: 'top_up_request',
      targetId: request.id,
      details: { amount: Number(request.amount), reason: input.reason },
    });
    return { top_up: await operatorTopUpView(tx, await findTopUp(tx, request.id)) };
  });
}
