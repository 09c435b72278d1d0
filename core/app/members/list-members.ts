// GET /v1/members: the organization's members.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findMembersPage } from '../../db/members/members.ts';
import { memberView } from './member-view.ts';
import { type TPage } from '../../inputs/common.ts';
import { pageOf } from '../paging.ts';

export const access: Access = { scopes: [], permission: 'members.manage' };

export async function listMembers(ctx: Ctx, actor: TenantActor, query: TPage) {
  const found = await findMembersPage(ctx.em, actor.organizationId, { before: query.before, limit: query.limit });
  const page = pageOf(found, query.limit);
  return { members: page.items.map(memberView), next_before: page.nextBefore };
}
