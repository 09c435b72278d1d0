// Group rows, their public shape, and the check that ids name the organization's own groups.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { findOwned } from '../find-owned.ts';
import { DomainError } from '../../domain/errors.ts';
import { iso, rows } from '../../db/sql.ts';

export const MAX_GROUPS = 500;

export interface GroupRow {
  id: string;
  organization_id: string;
  name: string;
  member_count: number;
  created_at: Date;
  updated_at: Date;
}

export const ZGroupName = z.string().trim().min(1).max(100);

export function groupView(row: GroupRow) {
  return { id: row.id, name: row.name, members: row.member_count, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export function findGroup(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<GroupRow> {
  return findOwned<GroupRow>(ctx, { table: 'groups', noun: 'group' }, organizationId, id, lock);
}

/** Refuses (422, naming the position) any id that is not one of the organization's groups. */
export async function requireOwnGroups(ctx: Ctx, organizationId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await rows<{ id: string }>(ctx.em, 'select id from groups where organization_id = ? and id in (?)', [organizationId, ids]);
  const own = new Set(found.map((g) => g.id));
  const index = ids.findIndex((id) => !own.has(id));
  if (index >= 0) {
    throw new DomainError('validation_failed', `${field}.${index}: ${ids[index]} is not a group of this organization.`, { field: `${field}.${index}` });
  }
}

/** Inserts the name, turning a clash with another group's name (ignoring case) into 409 group_name_taken. */
export function nameTaken(name: string): DomainError {
  return new DomainError('group_name_taken', `The organization already has a group named "${name}" (names ignore case).`, { field: 'name' });
}
