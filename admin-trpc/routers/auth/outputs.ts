// auth's answers, as REST's `data` holds them: a session started or ended, who the member is and may do.
import { z } from 'zod';
import { ZMember } from '../members/outputs.ts';
import { LANGUAGES } from '../../../core/domain/languages.ts';
import { SMS_ALERTS } from '../../../core/domain/sms-alerts.ts';

export const ZSignedIn = z.strictObject({ member: ZMember, csrf_token: z.string(), expires_at: z.string() });
export const ZSignedOut = z.strictObject({ signed_out: z.boolean() });

export const ZOrganization = z.strictObject({
  id: z.string(),
  name: z.string(),
  verified: z.boolean(),
  default_send_mode: z.enum(['test', 'live']),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** The SMS alerts a member gets, and whether their role may choose them (it may read the wallet). */
export const ZSmsAlerts = z.strictObject({ alerts: z.array(z.enum(SMS_ALERTS)), may_choose: z.boolean() });

export const ZWhoAmI = z.strictObject({
  member: ZMember,
  organization: ZOrganization,
  language: z.enum(LANGUAGES).nullable(),
  sms_alerts: ZSmsAlerts,
  phone_verified: z.boolean(),
});
export const ZLanguageSet = z.strictObject({ language: z.enum(LANGUAGES) });
export const ZSmsAlertsSet = z.strictObject({ sms_alerts: ZSmsAlerts });

export const ZPasswordChanged = z.strictObject({ password_changed: z.boolean(), other_sessions_ended: z.number().int() });
export const ZResetRequested = z.strictObject({ requested: z.boolean(), message: z.string(), expires_in_seconds: z.number().int() });
export const ZPasswordReset = z.strictObject({ password_reset: z.boolean(), organization_id: z.string(), sessions_ended: z.number().int() });
