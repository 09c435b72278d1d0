// Price plans: the version in force (the rule price_plan_in_force of migration 0024) and new versions, written as
// the PricePlan entity.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PricePlan } from '../entities/price-plan.ts';
import { one } from '../sql.ts';

export interface PlanInForceRow {
  id: string;
  version: number;
  transactional_unit: string;
  promotional_unit: string;
  created_at: Date;
}

/** The organization's plan in force, if it has one. Quotes and previews read it: SQL, calling the rule. */
export function findPricePlanInForce(em: EntityManager, organizationId: string): Promise<PlanInForceRow | undefined> {
  return one<PlanInForceRow>(em, 'select * from price_plan_in_force(?)', [organizationId]);
}

/** The version of the plan in force, 0 when there is none. */
export async function versionInForce(em: EntityManager, organizationId: string): Promise<number> {
  const row = await one<{ version: number }>(em, 'select coalesce((select version from price_plan_in_force(?)), 0) as version', [organizationId]);
  return row?.version ?? 0;
}

export async function insertPricePlan(
  em: EntityManager,
  plan: { id: string; organizationId: string; version: number; transactional: bigint; promotional: bigint; at: Date },
): Promise<PricePlan> {
  const created = em.create(PricePlan, {
    id: plan.id,
    organizationId: plan.organizationId,
    version: plan.version,
    transactionalUnit: plan.transactional,
    promotionalUnit: plan.promotional,
    createdAt: plan.at,
  });
  await em.persist(created).flush();
  return created;
}
