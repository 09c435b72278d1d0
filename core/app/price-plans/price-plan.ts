// Versioned price plans: cents per segment per traffic class; the newest version is in force (price_plan_in_force).
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { PricePlanRates } from '../../domain/pricing.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import { cents, exec, iso, one } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';

interface PlanRow {
  id: string;
  version: number;
  transactional_unit: string;
  promotional_unit: string;
  created_at: Date;
}

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
  const row = await one<PlanRow>(ctx.em, 'select * from price_plan_in_force(?)', [organizationId]);
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
    const previous = await one<{ version: number }>(
      tx.em,
      'select coalesce((select version from price_plan_in_force(?)), 0) as version',
      [input.organizationId],
    );
    const version = (previous?.version ?? 0) + 1;
    const id = newId();
    await exec(
      tx.em,
      `insert into price_plans (id, organization_id, version, transactional_unit, promotional_unit, created_at)
       values (?, ?, ?, ?, ?, ?)`,
      [id, input.organizationId, version, input.transactional.toString(), input.promotional.toString(), tx.now],
    );
    const plan = { id, version, currency: 'TZS', unit: 'cents', transactional: cents(input.transactional), promotional: cents(input.promotional), created_at: iso(tx.now) };
    await recordAudit(tx, actor, { organizationId: input.organizationId, action: 'price_plan.set', targetType: 'price_plan', targetId: id, details: plan });
    return { price_plan: plan };
  });
}
