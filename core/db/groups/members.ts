// Group memberships, written in bulk: a group's members added and removed, a contact's groups set and cleared.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, rows } from '../sql.ts';

/** A uuid[] literal: an array parameter would be expanded into a list by the query builder. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Adds the contacts to the group; returns how many were not members yet. */
export async function insertGroupMembers(em: EntityManager, groupId: string, organizationId: string, contactIds: readonly string[], now: Date): Promise<number> {
  const added = await rows(
    em,
    `insert into group_members (group_id, contact_id, organization_id, added_at)
     select ?, c, ?, ? from unnest(?::uuid[]) c
     on conflict do nothing returning 1`,
    [groupId, organizationId, now, uuidArray(contactIds)],
  );
  return added.length;
}

/** Removes the contacts from the group; returns how many were members. */
export async function deleteGroupMembers(em: EntityManager, groupId: string, contactIds: readonly string[]): Promise<number> {
  const removed = await rows(em, 'delete from group_members where group_id = ? and contact_id = any(?::uuid[]) returning 1', [groupId, uuidArray(contactIds)]);
  return removed.length;
}

/** Marks the group changed by a change of its members. */
export async function touchGroup(em: EntityManager, groupId: string, now: Date): Promise<void> {
  await exec(em, 'update groups set updated_at = ? where id = ?', [now, groupId]);
}

export async function removeAllMembers(em: EntityManager, groupId: string): Promise<void> {
  await exec(em, 'delete from group_members where group_id = ?', [groupId]);
}

/** A new contact's groups (the organization's own, each once). */
export async function addContactToGroups(em: EntityManager, contactId: string, organizationId: string, groupIds: readonly string[], now: Date): Promise<void> {
  await exec(em, 'insert into group_members (group_id, contact_id, organization_id, added_at) select g, ?, ?, ? from unnest(?::uuid[]) g', [
    contactId,
    organizationId,
    now,
    uuidArray(groupIds),
  ]);
}

export async function removeContactFromGroups(em: EntityManager, contactId: string): Promise<void> {
  await exec(em, 'delete from group_members where contact_id = ?', [contactId]);
}
