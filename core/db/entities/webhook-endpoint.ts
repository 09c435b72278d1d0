// WebhookEndpoint: where an organization's events are posted (migration 0011's webhook_endpoints), its signing
// secrets kept sealed. Deliveries and attempts are bulk rows of the sender's set-based statements, not entities.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    url: p.text(),
    description: p.text().strictNullable(),
    /** Empty: every event type (text[], never null). */
    eventTypes: p.array(),
    enabled: p.boolean(),
    secretSealed: p.text(),
    previousSecretSealed: p.text().strictNullable(),
    previousSecretUntil: p.datetime().strictNullable(),
    disabledReason: p.text().strictNullable(),
    failingSince: p.datetime().strictNullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    deletedAt: p.datetime().strictNullable(),
  },
});

export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
