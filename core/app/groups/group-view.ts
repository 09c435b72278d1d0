// Groups' public shape, the group or 404, and the check that ids name the organization's own groups.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Group } from '../../db/entities/group.ts';
import { findGroup, ownGroupIds, type GroupFields } from '../../db/groups/groups.ts';

export const MAX_GROUPS = 500;

export function groupView(group: GroupFields) {
  return { id: group.id, name: group.name, members: group.memberCount, created_at: group.createdAt.toISOString(), updated_at: group.updatedAt.toISOString() };
}

export async function requireGroup(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<Group> {
  const group = await findGroup(ctx.em, organizationId, id, { lock });
  if (!group) throw new DomainError('not_found', `No group has the id ${id}.`);
  return group;
}

/** Refuses (422, naming the position) any id that is not one of the organization's groups. */
export async function requireOwnGroups(ctx: Ctx, organizationId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const own = await ownGroupIds(ctx.em, organizationId, ids);
  const index = ids.findIndex((id) => !own.has(id));
  if (index >= 0) {
    throw new DomainError('validation_failed', `${field}.${index}: ${ids[index]} is not a group of this organization.`, { field: `${field}.${index}` });
  }
}

/** A clash with another group's name (ignoring case) is 409 group_name_taken. */
export function nameTaken(name: string): DomainError {
  return new DomainError('group_name_taken', `The organization already has a group named "${name}" (names ignore case).`, { field: 'name' });
}
