// Operator top-up: a top_up ledger entry that raises the available balance.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { topUp } from '../../domain/ledger.ts';
import { applyMovement } from '../../db/wallets.ts';
import { actorRef } from '../actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { walletView } from './get-wallet.ts';

export const ZCreditWalletInput = z.strictObject({
  organizationId: z.uuid(),
  amount: z.coerce.bigint().min(1n).max(100_000_000_000_00n),
  reference: z.string().trim().min(1).max(200),
});
export type TCreditWalletInput = z.infer<typeof ZCreditWalletInput>;

export async function creditWallet(ctx: Ctx, actor: Actor, input: TCreditWalletInput) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, input.organizationId);
    const { entryId } = await applyMovement(tx.em, input.organizationId, (b) => topUp(b, input.amount), {
      ...actorRef(actor),
      reference: input.reference,
      at: tx.now,
    });
    await recordAudit(tx, actor, {
      organizationId: input.organizationId,
      action: 'wallet.top_up',
      targetType: 'ledger_entry',
      targetId: entryId,
      details: { amount: Number(input.amount), reference: input.reference },
    });
    return { ledger_entry_id: entryId, ...(await walletView(tx, input.organizationId)) };
  });
}
