// Operator: freeze or unfreeze a wallet; a frozen wallet refuses new holds (403 wallet_frozen).
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { updateWalletFrozen } from '../../db/wallet/wallet-rows.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { walletView } from './get-wallet.ts';

export async function setWalletFrozen(ctx: Ctx, actor: Actor, organizationId: string, frozen: boolean) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, organizationId);
    await updateWalletFrozen(tx.em, organizationId, frozen, tx.now);
    await recordAudit(tx, actor, { organizationId, action: frozen ? 'wallet.frozen' : 'wallet.unfrozen', targetType: 'wallet', targetId: organizationId });
    return walletView(tx, organizationId);
  });
}
