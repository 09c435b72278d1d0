// Where to pay: the paybill number, the organization's account number at it, and the wallets a push payment
// can ask (GET /v1/wallet/payment-details, wallet.paymentDetails).
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { MOBILE_MONEY_PROVIDERS, PROVIDER_NAMES } from '../../domain/mobile-money.ts';
import { paymentReferenceOf } from './payment-reference.ts';

/** Whoever may read the wallet may see how to fill it. */
export const access: Access = { scopes: ['wallet:read'], permission: 'wallet.read' };

export async function paymentDetails(ctx: Ctx, actor: TenantActor) {
  return {
    paybill_number: ctx.deps.config.payments.paybillNumber,
    account_reference: await paymentReferenceOf(ctx, actor.organizationId),
    providers: MOBILE_MONEY_PROVIDERS.map((id) => ({ id, name: PROVIDER_NAMES[id] })),
    simulated: !ctx.deps.config.payments.live,
  };
}
