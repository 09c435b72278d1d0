// GET /v1/wallet: available, held, frozen and the low-balance threshold, in cents.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { seesLiveData } from '../actor.ts';
import { findWallet } from '../../db/wallets.ts';
import { walletResource } from '../../db/wallet/wallet-resource.ts';

export const access: Access = { scopes: ['wallet:read'], permission: 'wallet.read' };

/** A test key's wallet is the test-mode one: nothing is ever held or charged in test mode, so it is empty. */
export async function getWallet(ctx: Ctx, actor: TenantActor) {
  if (!seesLiveData(actor)) return { wallet: { ...walletResource({ available: 0n, held: 0n, frozen: false, low_balance_threshold: null, updated_at: null }), test: true } };
  return walletView(ctx, actor.organizationId);
}

export async function walletView(ctx: Ctx, organizationId: string) {
  const row = await findWallet(ctx.em, organizationId);
  if (!row) throw new Error(`organization ${organizationId} has no wallet`);
  return { wallet: walletResource(row) };
}
