// Create and rename groups: names unique per organization ignoring case, at most 500 groups.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../db/ids.ts';
import type { Group } from '../../db/entities/group.ts';
import { lockOrganization } from '../../db/lock-order.ts';
import { countGroups, groupNameTaken, insertGroup, setGroupName } from '../../db/groups/groups.ts';
import { MAX_GROUPS, groupView, nameTaken, requireGroup } from './group-view.ts';
import { ZGroupBody } from '../../inputs/groups.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export type TGroupBody = z.infer<typeof ZGroupBody>;

async function assertNameFree(tx: Ctx, organizationId: string, name: string, exceptId: string | null): Promise<void> {
  if (await groupNameTaken(tx.em, organizationId, name, exceptId)) throw nameTaken(name);
}

/** Inside the caller's transaction: the organization lock makes the count and the name check exact. */
export async function addGroup(tx: Ctx, organizationId: string, name: string): Promise<Group> {
  await lockOrganization(tx.em, organizationId);
  if ((await countGroups(tx.em, organizationId)) >= MAX_GROUPS) throw new DomainError('too_many_groups', `An organization has at most ${MAX_GROUPS} groups; delete one first.`);
  await assertNameFree(tx, organizationId, name, null);
  return insertGroup(tx.em, { id: newId(), organizationId, name, now: tx.now });
}

export async function createGroup(ctx: Ctx, actor: TenantActor, body: TGroupBody) {
  return inTransaction(ctx, async (tx) => ({ group: groupView(await addGroup(tx, actor.organizationId, body.name)) }));
}

export async function renameGroup(ctx: Ctx, actor: TenantActor, id: string, body: TGroupBody) {
  return inTransaction(ctx, async (tx) => {
    await lockOrganization(tx.em, actor.organizationId);
    const group = await requireGroup(tx, actor.organizationId, id, true);
    await assertNameFree(tx, actor.organizationId, body.name, id);
    if (!(await setGroupName(tx.em, group, body.name, tx.now))) throw nameTaken(body.name);
    return { group: groupView(group) };
  });
}
