// API key rows and their public shape: never the secret, which is shown once at creation.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { findOwned } from '../find-owned.ts';
import type { Mode } from '../actor.ts';
import type { Scope } from '../../domain/access.ts';
import { SCOPES } from '../../domain/access.ts';
import { iso } from '../../db/sql.ts';

export const MAX_ACTIVE_KEYS = 20;

export interface ApiKeyRow {
  id: string;
  organization_id: string;
  name: string;
  mode: Mode;
  display_prefix: string;
  last_four: string;
  scopes: Scope[];
  created_by_member_id: string | null;
  /** The member the key follows (its creator unless re-assigned); null: held by the organization. */
  held_by_member_id: string | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  rotated_at: Date | null;
  replaced_by_id: string | null;
  grace_until: Date | null;
  last_used_at: Date | null;
}

export const ZScopes = z
  .array(z.enum(SCOPES))
  .min(1)
  .max(SCOPES.length)
  .refine((a) => new Set(a).size === a.length, 'each scope once');

/** active: usable and counted; rotated: usable until its grace ends, not counted; revoked and expired: refused. */
export function keyStatus(row: ApiKeyRow, now: Date): 'active' | 'rotated' | 'revoked' | 'expired' {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= now) return 'expired';
  if (row.rotated_at) return row.grace_until && row.grace_until > now ? 'rotated' : 'expired';
  return 'active';
}

export function findApiKey(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<ApiKeyRow> {
  return findOwned<ApiKeyRow>(ctx, { table: 'api_keys', noun: 'API key' }, organizationId, id, lock);
}

export function apiKeyView(row: ApiKeyRow, now: Date) {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    scopes: row.scopes,
    status: keyStatus(row, now),
    redacted: `${row.display_prefix}…${row.last_four}`,
    created_by: row.created_by_member_id,
    held_by: row.held_by_member_id,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    rotated_at: iso(row.rotated_at),
    grace_until: iso(row.grace_until),
    replaced_by: row.replaced_by_id,
    last_used_at: iso(row.last_used_at),
  };
}
