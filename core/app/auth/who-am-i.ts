// GET /v1/auth/me: the signed-in member, their organization, what their role may do, their dashboard language, the
// SMS alerts they get and whether their phone is verified (alerts go to a verified phone only).
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import type { Role } from '../../domain/access.ts';
import { DomainError } from '../../domain/errors.ts';
import { effectiveSmsAlerts, mayChooseSmsAlerts } from '../../domain/sms-alerts.ts';
import { smsAlertsOf } from '../../db/sms-alerts/recipients.ts';
import { findMember, memberView } from '../members/member-view.ts';
import { organizationView, requireOrganization } from '../organizations/find-organization.ts';

/** The alerts a member gets (their choice, or their role's default) and whether their role may choose them. */
export function smsAlertsView(role: Role, chosen: readonly string[] | null) {
  return { alerts: effectiveSmsAlerts(role, chosen), may_choose: mayChooseSmsAlerts(role) };
}

export async function whoAmI(ctx: Ctx, actor: TenantActor) {
  if (actor.kind !== 'member') throw new DomainError('insufficient_scope', 'Only a signed-in member has a profile.');
  const member = await findMember(ctx, actor.organizationId, actor.memberId);
  const organization = await requireOrganization(ctx, actor.organizationId);
  const alerts = await smsAlertsOf(ctx.em, member.id);
  // The member's view carries the permissions of their role: the dashboard shows the menus and buttons they allow.
  return {
    member: memberView(member),
    organization: organizationView(organization),
    language: member.language,
    sms_alerts: smsAlertsView(member.role, alerts.sms_alerts),
    phone_verified: alerts.phone_verified,
  };
}
