// GET /v1/auth/me: the signed-in member, their organization, what their role may do and their dashboard language.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { findMember, memberView } from '../members/member-view.ts';
import { organizationView, requireOrganization } from '../organizations/find-organization.ts';

export async function whoAmI(ctx: Ctx, actor: TenantActor) {
  if (actor.kind !== 'member') throw new DomainError('insufficient_scope', 'Only a signed-in member has a profile.');
  const member = await findMember(ctx, actor.organizationId, actor.memberId);
  const organization = await requireOrganization(ctx, actor.organizationId);
  // The member's view carries the permissions of their role: the dashboard shows the menus and buttons they allow.
  return { member: memberView(member), organization: organizationView(organization), language: member.language };
}
