// Operator: freeze or unfreeze a wallet; a frozen wallet refuses new holds (403 wallet_frozen).
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { exec } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { walletView } from './get-wallet.ts';

export async function setWalletFrozen(ctx: Ctx, actor: Actor, organizationId: string, frozen: boolean) {
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, organizationId);
    await exec(tx.em, 'update wallets set frozen = ?, updated_at = ? where organization_id = ?', [frozen, tx.now, organizationId]);
    await recordAudit(tx, actor, { organizationId, action: frozen ? 'wallet.frozen' : 'wallet.unfrozen', targetType: 'wallet', targetId: organizationId });
    return walletView(tx, organizationId);
  });
}
