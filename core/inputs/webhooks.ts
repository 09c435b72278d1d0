// What the webhook calls take: an endpoint, its changes and the delivery log's filters.
import { z } from 'zod';
import { EVENT_TYPES } from '../domain/webhooks.ts';
import { ZId, ZPage } from './common.ts';

export const ZEventTypes = z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length).refine((t) => new Set(t).size === t.length, 'each event type at most once');

export const ZEndpointUrl = z.string().min(1).max(2048);

export const ZDescription = z.string().trim().max(500);

export const ZCreateEndpointBody = z.strictObject({
  url: ZEndpointUrl,
  event_types: ZEventTypes.nullable().default(null),
  description: ZDescription.nullable().default(null),
});
export type TCreateEndpointBody = z.infer<typeof ZCreateEndpointBody>;

export const ZUpdateEndpointBody = z
  .strictObject({
    url: ZEndpointUrl.optional(),
    event_types: ZEventTypes.nullable().optional(),
    description: ZDescription.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'name at least one of url, event_types, description, enabled');
export type TUpdateEndpointBody = z.infer<typeof ZUpdateEndpointBody>;

export const ZListDeliveriesQuery = ZPage.extend({
  endpoint_id: ZId.optional(),
  event_type: z.enum(EVENT_TYPES).optional(),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
});
export type TListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuery>;
