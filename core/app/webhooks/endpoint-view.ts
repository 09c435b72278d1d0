// A webhook endpoint as callers see it, and the rules every change of one shares.
import type { Ctx } from '../context.ts';
import type { WebhookEndpoint } from '../../db/entities/webhook-endpoint.ts';
import { DomainError } from '../../domain/errors.ts';
import { findEndpoint as findEndpointRow } from '../../db/webhooks/endpoints.ts';
import { iso } from '../../domain/values.ts';

/** event_types null means every event type; disabled_reason says why a disabled endpoint stopped. */
export function endpointView(e: WebhookEndpoint, now: Date) {
  const grace = e.previousSecretUntil && e.previousSecretUntil > now ? e.previousSecretUntil : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes.length ? e.eventTypes : null,
    enabled: e.enabled,
    disabled_reason: e.enabled ? null : e.disabledReason,
    failing_since: iso(e.failingSince),
    previous_secret_valid_until: iso(grace),
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
  };
}

/** An organization's endpoint that is not deleted (locked when asked): unknown, malformed and others' ids are 404. */
export async function findEndpoint(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<WebhookEndpoint> {
  const endpoint = await findEndpointRow(ctx.em, organizationId, id, lock);
  if (!endpoint) throw new DomainError('not_found', `No webhook endpoint has the id ${id}.`);
  return endpoint;
}
