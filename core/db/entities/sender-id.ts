// SenderId: a name an organization's messages show on handsets, approved per traffic class by the service and
// once by the SMS route.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TrafficClass } from '../../domain/pricing.ts';

export const SenderId = defineEntity({
  name: 'SenderId',
  tableName: 'sender_ids',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    name: p.text(),
    status: p.enum(['requested', 'approved', 'rejected'] as const),
    transactionalApproved: p.boolean(),
    promotionalApproved: p.boolean(),
    routeApproved: p.boolean(),
    routeApprovedAt: p.datetime().strictNullable(),
    requestedClasses: p.array((trafficClass) => trafficClass as TrafficClass),
    requestedByMemberId: p.uuid().strictNullable(),
    note: p.text().strictNullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type SenderId = InferEntity<typeof SenderId>;
