// One alert texted to those of an organization's members who get it: each a system message (charged to nobody)
// queued in the caller's open transaction. The allowance of system messages may refuse one member's SMS; that
// member is skipped and the skip audited (never the words), and the change that caused the alert goes on.
import type { OpenTransaction, SystemSmsPurpose } from '../../system-sms/send-system-sms.ts';
import { effectiveSmsAlerts, type SmsAlert } from '../../../domain/sms-alerts.ts';
import { maskPhone } from '../../../domain/phone.ts';
import type { AlertRecipientRow } from '../../../db/sms-alerts/recipients.ts';
import { isRateLimited, queueSystemSms } from '../../system-sms/send-system-sms.ts';
import { insertAudit } from '../../audit/record-audit.ts';

export const PURPOSE_OF: Record<SmsAlert, SystemSmsPurpose> = { low_balance: 'low_balance_alert', top_up_receipt: 'top_up_receipt' };

/** Queues the alert to each recipient who gets it; returns how many were queued. `about` goes into a skip's audit. */
export async function textAlert(
  tx: OpenTransaction,
  alert: SmsAlert,
  recipients: readonly AlertRecipientRow[],
  words: (r: AlertRecipientRow) => string,
  about: Record<string, unknown> = {},
): Promise<number> {
  let queued = 0;
  for (const r of recipients) {
    if (!effectiveSmsAlerts(r.role, r.sms_alerts).includes(alert)) continue;
    const body = words(r);
    try {
      await queueSystemSms(tx, { purpose: PURPOSE_OF[alert], to: r.phone, memberId: r.member_id, body, redactedBody: body });
      queued++;
    } catch (err) {
      if (!isRateLimited(err)) throw err;
      await insertAudit(tx.db, tx.now, { actorType: 'system', actorId: null }, {
        organizationId: r.organization_id,
        action: 'member.sms_alert_skipped',
        targetType: 'member',
        targetId: r.member_id,
        details: { alert, why: 'rate_limited', phone: maskPhone(r.phone), ...about },
      });
    }
  }
  return queued;
}
