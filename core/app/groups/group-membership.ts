// Add contacts to a group and remove them: 1 to 500 ids, every id one of the organization's contacts.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { exec, rows } from '../../db/sql.ts';
import { findGroup } from './group-view.ts';
import { ZId } from '../paging.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export const ZMembersBody = z.strictObject({
  contact_ids: z.array(ZId).min(1).max(500),
});
export type TMembersBody = z.infer<typeof ZMembersBody>;

async function requireOwnContacts(tx: Ctx, organizationId: string, ids: readonly string[]): Promise<void> {
  const found = await rows<{ id: string }>(tx.em, 'select id from contacts where organization_id = ? and id in (?)', [organizationId, ids]);
  const own = new Set(found.map((c) => c.id));
  const index = ids.findIndex((id) => !own.has(id));
  if (index >= 0) {
    throw new DomainError('validation_failed', `contact_ids.${index}: ${ids[index]} is not a contact of this organization.`, { field: `contact_ids.${index}` });
  }
}

/** Repeated ids count once (checked before this, as sent, so refusals name request positions). */
const asArray = (ids: readonly string[]) => `{${[...new Set(ids)].join(',')}}`;

export async function addGroupMembers(ctx: Ctx, actor: TenantActor, groupId: string, body: TMembersBody) {
  return inTransaction(ctx, async (tx) => {
    await findGroup(tx, actor.organizationId, groupId, true);
    await requireOwnContacts(tx, actor.organizationId, body.contact_ids);
    const added = await rows(
      tx.em,
      `insert into group_members (group_id, contact_id, organization_id, added_at)
       select ?, c, ?, ? from unnest(?::uuid[]) c
       on conflict do nothing returning 1`,
      [groupId, actor.organizationId, tx.now, asArray(body.contact_ids)],
    );
    await exec(tx.em, 'update groups set updated_at = ? where id = ?', [tx.now, groupId]);
    return { added: added.length };
  });
}

export async function removeGroupMembers(ctx: Ctx, actor: TenantActor, groupId: string, body: TMembersBody) {
  return inTransaction(ctx, async (tx) => {
    await findGroup(tx, actor.organizationId, groupId, true);
    const removed = await rows(tx.em, 'delete from group_members where group_id = ? and contact_id = any(?::uuid[]) returning 1', [
      groupId,
      asArray(body.contact_ids),
    ]);
    await exec(tx.em, 'update groups set updated_at = ? where id = ?', [tx.now, groupId]);
    return { removed: removed.length };
  });
}
