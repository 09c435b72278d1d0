// Add contacts to a group and remove them: 1 to 500 ids, every id one of the organization's contacts.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { ownContactIds } from '../../db/contacts/contacts.ts';
import { deleteGroupMembers, insertGroupMembers, touchGroup } from '../../db/groups/members.ts';
import { requireGroup } from './group-view.ts';
import { type TMembersBody } from '../../inputs/groups.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

/** Refuses (422, naming the first position) any id that is not one of the organization's contacts. */
export async function requireOwnContacts(tx: Ctx, organizationId: string, ids: readonly string[]): Promise<void> {
  const own = await ownContactIds(tx.em, organizationId, ids);
  const index = ids.findIndex((id) => !own.has(id));
  if (index >= 0) {
    throw new DomainError('validation_failed', `contact_ids.${index}: ${ids[index]} is not a contact of this organization.`, { field: `contact_ids.${index}` });
  }
}

/** Repeated ids count once (checked before this, as sent, so refusals name request positions). */
const once = (ids: readonly string[]) => [...new Set(ids)];

export async function addGroupMembers(ctx: Ctx, actor: TenantActor, groupId: string, body: TMembersBody) {
  return inTransaction(ctx, async (tx) => {
    await requireGroup(tx, actor.organizationId, groupId, true);
    await requireOwnContacts(tx, actor.organizationId, body.contact_ids);
    const added = await insertGroupMembers(tx.em, groupId, actor.organizationId, once(body.contact_ids), tx.now);
    await touchGroup(tx.em, groupId, tx.now);
    return { added };
  });
}

export async function removeGroupMembers(ctx: Ctx, actor: TenantActor, groupId: string, body: TMembersBody) {
  return inTransaction(ctx, async (tx) => {
    await requireGroup(tx, actor.organizationId, groupId, true);
    const removed = await deleteGroupMembers(tx.em, groupId, once(body.contact_ids));
    await touchGroup(tx.em, groupId, tx.now);
    return { removed };
  });
}
