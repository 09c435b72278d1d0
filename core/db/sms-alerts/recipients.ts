// Who an organization's SMS alerts may go to: its live members with a verified phone, with what decides whether
// each gets an alert (their role and their choice, core/domain/sms-alerts.ts) and the words (their language, the
// organization's name and its paybill reference when it has one). Read on the ORM's connection or on the outbox
// fan-out's own client, in the caller's transaction.
import type { Language } from '../../domain/languages.ts';
import type { Role } from '../../domain/access.ts';
import { exec, one, rows, type Runner } from '../sql.ts';

export interface AlertRecipientRow {
  organization_id: string;
  member_id: string;
  role: Role;
  sms_alerts: string[] | null;
  language: Language | null;
  phone: string;
  organization_name: string;
  /** The organization's account number at the paybill (payment_references), null until it is made. */
  payment_reference: string | null;
}

export function alertRecipients(db: Runner, organizationIds: readonly string[]): Promise<AlertRecipientRow[]> {
  return rows<AlertRecipientRow>(
    db,
    `select m.organization_id, m.id as member_id, m.role, m.sms_alerts, m.language, p.phone, o.name as organization_name,
       r.reference as payment_reference
     from members m
     join member_phones p on p.member_id = m.id and p.verified_at is not null
     join organizations o on o.id = m.organization_id
     left join payment_references r on r.organization_id = m.organization_id
     where m.organization_id = any(?::uuid[]) and m.deleted_at is null
     order by m.organization_id, m.id`,
    [`{${organizationIds.join(',')}}`],
  );
}

/** The member's own choice of alerts (null: back to their role's default). */
export async function setSmsAlerts(db: Runner, memberId: string, alerts: readonly string[] | null, at: Date): Promise<void> {
  await exec(db, 'update members set sms_alerts = ?::text[], updated_at = ? where id = ?', [alerts === null ? null : `{${alerts.join(',')}}`, at, memberId]);
}

/** What auth.me tells of a member's alerts: their choice and whether their phone is verified. */
export async function smsAlertsOf(db: Runner, memberId: string): Promise<{ sms_alerts: string[] | null; phone_verified: boolean }> {
  const row = await one<{ sms_alerts: string[] | null; phone_verified: boolean }>(
    db,
    `select m.sms_alerts, exists (select 1 from member_phones p where p.member_id = m.id and p.verified_at is not null) as phone_verified
     from members m where m.id = ?`,
    [memberId],
  );
  return row ?? { sms_alerts: null, phone_verified: false };
}
