// GET /v1/wallet: available, held and frozen, in cents.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findWallet } from '../../db/wallets.ts';
import { cents, iso } from '../../db/sql.ts';

export const access: Access = { scopes: ['wallet:read'], permission: 'wallet.read' };

export async function getWallet(ctx: Ctx, actor: TenantActor) {
  return walletView(ctx, actor.organizationId);
}

export async function walletView(ctx: Ctx, organizationId: string) {
  const row = await findWallet(ctx.em, organizationId);
  if (!row) throw new Error(`organization ${organizationId} has no wallet`);
  return {
    wallet: {
      currency: 'TZS',
      unit: 'cents',
      available: cents(row.available),
      held: cents(row.held),
      frozen: row.frozen,
      updated_at: iso(row.updated_at),
    },
  };
}
