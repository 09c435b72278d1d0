// One group through its entity (found, locked, created, renamed, deleted), the checks on names and counts, and the list.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Group } from '../entities/group.ts';
import { UUID_RE } from '../ids.ts';
import { isUniqueViolation, one, rows } from '../sql.ts';

/** A group's own fields, as its entity carries them. */
export interface GroupFields {
  id: string;
  organizationId: string;
  name: string;
  memberCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** An id that is not a uuid names no group. */
export async function findGroup(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<Group | null> {
  if (!UUID_RE.test(id)) return null;
  return em.findOne(Group, { id, organizationId }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
}

export async function countGroups(em: EntityManager, organizationId: string): Promise<number> {
  return em.count(Group, { organizationId });
}

/** Whether another of the organization's groups has the name, ignoring case (the key groups_org_name). */
export async function groupNameTaken(em: EntityManager, organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
  const clash = await one(em, 'select 1 from groups where organization_id = ? and lower(name) = lower(?) and id is distinct from ?', [organizationId, name, exceptId]);
  return clash !== undefined;
}

/** A new group with no members, written at once. */
export async function insertGroup(em: EntityManager, fields: { id: string; organizationId: string; name: string; now: Date }): Promise<Group> {
  const group = em.create(Group, { id: fields.id, organizationId: fields.organizationId, name: fields.name, createdAt: fields.now, updatedAt: fields.now });
  await em.persist(group).flush();
  return group;
}

/**
 * Renames the group, written at once; false when another group holds the name (ignoring case). The clash aborts
 * the transaction (as the statement it replaced did): the caller ends it with its refusal, and the group keeps
 * its old name, so that no later flush tries the new one again.
 */
export async function setGroupName(em: EntityManager, group: Group, name: string, now: Date): Promise<boolean> {
  const before = { name: group.name, updatedAt: group.updatedAt };
  group.name = name;
  group.updatedAt = now;
  try {
    await em.flush();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    Object.assign(group, before);
    return false;
  }
  return true;
}

/** Deletes the group row; its memberships are deleted by their own statement first. */
export async function removeGroup(em: EntityManager, group: Group): Promise<void> {
  await em.remove(group).flush();
}

/** Which of these ids name the organization's groups. */
export async function ownGroupIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await rows<{ id: string }>(em, 'select id from groups where organization_id = ? and id in (?)', [organizationId, ids]);
  return new Set(found.map((g) => g.id));
}

interface GroupRow {
  id: string;
  organization_id: string;
  name: string;
  member_count: number;
  created_at: Date;
  updated_at: Date;
}

/** The organization's groups (at most 500), by name ignoring case. */
export async function findGroups(em: EntityManager, organizationId: string): Promise<GroupFields[]> {
  const found = await rows<GroupRow>(em, 'select * from groups where organization_id = ? order by lower(name), id', [organizationId]);
  return found.map((g) => ({ id: g.id, organizationId: g.organization_id, name: g.name, memberCount: g.member_count, createdAt: g.created_at, updatedAt: g.updated_at }));
}
