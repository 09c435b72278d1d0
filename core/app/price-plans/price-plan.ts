// Versioned price plans: cents per segment per traffic class; the newest version is in force (price_plan_in_force).
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { PricePlanRates } from '../../domain/pricing.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import { findPricePlanInForce, insertPricePlan, versionInForce } from '../../db/price-plans/price-plans.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';

export interface CurrentPlan {
  id: string;
  version: number;
  rates: PricePlanRates;
}

export const ZSetPricePlanInput = z.strictObject({
  organizationId: z.uuid(),
  transactional: z.coerce.bigint().min(0n).max(100_000_000n),
  promotional: z.coerce.bigint().min(0n).max(100_000_000n),
});
export type TSetPricePlanInput = z.infer<typeof ZSetPricePlanInput>;

/** The current plan, or 409 no_price_plan: nothing can be priced without one. */
export async function currentPricePlan(ctx: Ctx, organizationId: string): Promise<CurrentPlan> {
  const row = await findPricePlanInForce(ctx.em, organizationId);
  if (!row) throw new DomainError('no_price_plan', 'The organization has no price plan yet; ask the service to set one.');
  return {
    id: row.id,
    version: row.version,
    rates: { transactional: BigInt(row.transactional_unit), promotional: BigInt(row.promotional_unit) },
  };
}

export async function setPricePlan(ctx: Ctx, actor: Actor, input: TSetPricePlanInput) {
  return inTransaction(ctx, async (tx) => {
    // Locking the organization serialises concurrent plan changes, so versions never collide.
    await requireOrganization(tx, input.organizationId, true);
    const version = (await versionInForce(tx.em, input.organizationId)) + 1;
    const saved = await insertPricePlan(tx.em, {
      id: newId(),
      organizationId: input.organizationId,
      version,
      transactional: input.transactional,
      promotional: input.promotional,
      at: tx.now,
    });
    const plan = {
      id: saved.id,
      version: saved.version,
      currency: 'TZS',
      unit: 'cents',
      transactional: Number(saved.transactionalUnit),
      promotional: Number(saved.promotionalUnit),
      created_at: saved.createdAt.toISOString(),
    };
    await recordAudit(tx, actor, { organizationId: input.organizationId, action: 'price_plan.set', targetType: 'price_plan', targetId: saved.id, details: plan });
    return { price_plan: plan };
  });
}
