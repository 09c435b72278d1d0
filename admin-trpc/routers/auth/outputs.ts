// auth's answers, as REST's `data` holds them: a session started or ended, who the member is and may do.
import { z } from 'zod';
import { ZMember } from '../members/outputs.ts';
import { LANGUAGES } from '../../../core/domain/languages.ts';

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

export const ZWhoAmI = z.strictObject({ member: ZMember, organization: ZOrganization, language: z.enum(LANGUAGES).nullable() });
export const ZLanguageSet = z.strictObject({ language: z.enum(LANGUAGES) });

export const ZPasswordChanged = z.strictObject({ password_changed: z.boolean(), other_sessions_ended: z.number().int() });
export const ZResetRequested = z.strictObject({ requested: z.boolean(), message: z.string(), expires_in_seconds: z.number().int() });
export const ZPasswordReset = z.strictObject({ password_reset: z.boolean(), organization_id: z.string(), sessions_ended: z.number().int() });
