// PATCH /v1/wallet (members who manage the wallet): the low-balance threshold, in cents, or null for no alert.
// A movement that takes the available balance below it writes the event wallet.low_balance (core/db/wallet/wallet-resource.ts).
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { lockLowBalanceThreshold, updateLowBalanceThreshold } from '../../db/wallet/wallet-rows.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { walletView } from './get-wallet.ts';
import { type TWalletSettingsBody } from '../../inputs/wallet.ts';

export const access: Access = { scopes: [], permission: 'wallet.manage' };

export async function setLowBalanceThreshold(ctx: Ctx, actor: TenantActor, body: TWalletSettingsBody) {
  return inTransaction(ctx, async (tx) => {
    const before = await lockLowBalanceThreshold(tx.em, actor.organizationId);
    const threshold = body.low_balance_threshold;
    await updateLowBalanceThreshold(tx.em, actor.organizationId, threshold);
    const was = before?.low_balance_threshold === null || before === undefined ? null : Number(before.low_balance_threshold);
    if (was !== threshold) {
      await recordAudit(tx, actor, {
        organizationId: actor.organizationId,
        action: 'wallet.low_balance_threshold_set',
        targetType: 'wallet',
        targetId: actor.organizationId,
        details: { from: was, to: threshold },
      });
    }
    return walletView(tx, actor.organizationId);
  });
}
