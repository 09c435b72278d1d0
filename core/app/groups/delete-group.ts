// Delete a group: its memberships go (the contacts stay) and it leaves every campaign draft that used it.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { removeGroup } from '../../db/groups/groups.ts';
import { removeAllMembers } from '../../db/groups/members.ts';
import { requireGroup } from './group-view.ts';
import { groupDeleted } from './group-deleted.ts';
// Registers the campaign drafts' handler, so that every path that deletes a group runs it.
import '../campaigns/draft-groups.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export async function deleteGroup(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const group = await requireGroup(tx, actor.organizationId, id, true);
    await groupDeleted(tx, actor.organizationId, id);
    await removeAllMembers(tx.em, id);
    await removeGroup(tx.em, group);
    return { id, deleted: true };
  });
}
