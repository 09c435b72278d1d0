// List the organization's groups (at most 500) with their member counts, by name.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { rows } from '../../db/sql.ts';
import type { GroupRow } from './group-view.ts';
import { groupView } from './group-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export async function listGroups(ctx: Ctx, actor: TenantActor) {
  const found = await rows<GroupRow>(ctx.em, 'select * from groups where organization_id = ? order by lower(name), id', [actor.organizationId]);
  return { groups: found.map(groupView) };
}
