// Organization: the tenant every other row belongs to.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Organization = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    verified: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type Organization = InferEntity<typeof Organization>;
