// PricePlan: one version of an organization's prices, cents per segment of each traffic class (migration 0001).
// Versions are never changed: a new price is a new version, and the newest is in force (price_plan_in_force).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const PricePlan = defineEntity({
  name: 'PricePlan',
  tableName: 'price_plans',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    version: p.integer(),
    transactionalUnit: p.bigint(),
    promotionalUnit: p.bigint(),
    createdAt: p.datetime(),
  },
});

export type PricePlan = InferEntity<typeof PricePlan>;
