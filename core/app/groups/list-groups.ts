// List the organization's groups (at most 500) with their member counts, by name.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findGroups } from '../../db/groups/groups.ts';
import { groupView } from './group-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export async function listGroups(ctx: Ctx, actor: TenantActor) {
  return { groups: (await findGroups(ctx.em, actor.organizationId)).map(groupView) };
}
