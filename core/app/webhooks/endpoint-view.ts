// A webhook endpoint as callers see it, and the rules every change of one shares.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { EVENT_TYPES } from '../../domain/webhooks.ts';
import { findOwned } from '../find-owned.ts';
import { iso } from '../../db/sql.ts';

export interface EndpointRow {
  id: string;
  organization_id: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const ZEventTypes = z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length).refine((t) => new Set(t).size === t.length, 'each event type at most once');
export const ZEndpointUrl = z.string().min(1).max(2048);
export const ZDescription = z.string().trim().max(500);

/** event_types null means every event type; disabled_reason says why a disabled endpoint stopped. */
export function endpointView(row: EndpointRow, now: Date) {
  const grace = row.previous_secret_until && row.previous_secret_until > now ? row.previous_secret_until : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types.length ? row.event_types : null,
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : row.disabled_reason,
    failing_since: iso(row.failing_since),
    previous_secret_valid_until: iso(grace),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function findEndpoint(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<EndpointRow> {
  return findOwned<EndpointRow>(ctx, { table: 'webhook_endpoints', noun: 'webhook endpoint', where: 'deleted_at is null' }, organizationId, id, lock);
}
