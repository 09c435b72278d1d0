// The signed-in member chooses the SMS alerts they get (the low balance, a top-up's receipt), for themselves; only
// a role that may read the wallet chooses them, since they tell its balance. They go to the member's verified phone.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { mayChooseSmsAlerts } from '../../domain/sms-alerts.ts';
import { setSmsAlerts as writeSmsAlerts } from '../../db/sms-alerts/recipients.ts';
import { findMember } from '../members/member-view.ts';
import { smsAlertsView } from './who-am-i.ts';
import type { TSetSmsAlertsBody } from '../../inputs/auth.ts';

export { ZSetSmsAlertsBody } from '../../inputs/auth.ts';

/** Any member, for themselves; the role is judged by the rule of the alerts (it names why). */
export const access: Access = { scopes: [], permission: null };

export async function setSmsAlerts(ctx: Ctx, actor: TenantActor, body: TSetSmsAlertsBody) {
  if (actor.kind !== 'member') throw new DomainError('insufficient_scope', 'Only a signed-in member chooses their SMS alerts.');
  return inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, actor.organizationId, actor.memberId, true);
    if (!mayChooseSmsAlerts(member.role)) {
      throw new DomainError('forbidden', `SMS alerts tell the wallet's balance: your role (${member.role}) does not have the permission wallet.read.`, { field: 'alerts' });
    }
    await writeSmsAlerts(tx.em, member.id, body.alerts, tx.now);
    return { sms_alerts: smsAlertsView(member.role, body.alerts) };
  });
}
