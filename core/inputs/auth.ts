// What signing in and its neighbours take: signing in, changing a password, resetting it by a one-time code,
// accepting an invitation; the member's own language and SMS alerts.
import { z } from 'zod';
import { CODE_DIGITS } from '../domain/one-time-codes.ts';
import { ZId } from './common.ts';
import { LANGUAGES } from '../domain/languages.ts';
import { SMS_ALERTS } from '../domain/sms-alerts.ts';

/** Only the length is judged at the edge: how guessable a password is depends on whose it is (strongPassword). */
export const ZPassword = z.string().min(12, 'a password has at least 12 characters').max(200);

export const ZSignInBody = z.strictObject({
  email: z.string().trim().min(1).max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(200),
  /** Which organization, when the address belongs to members of several with the same password. */
  organization_id: ZId.optional(),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

/** An address as typed at sign-in: compared in lower case. */
export const ZSignInEmail = z.string().trim().min(1).max(254).transform((e) => e.toLowerCase());

/** The six digits of an SMS or mail; spaces typed between them are dropped. */
export const ZOneTimeCode = z
  .string()
  .max(20)
  .transform((c) => c.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^[0-9]{${CODE_DIGITS}}$`), `the ${CODE_DIGITS} digits of the code`));

export const ZChangePasswordBody = z.strictObject({
  current_password: z.string().min(1).max(200),
  new_password: ZPassword,
});
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const ZRequestPasswordResetBody = z.strictObject({ email: ZSignInEmail });
export type TRequestPasswordResetBody = z.infer<typeof ZRequestPasswordResetBody>;

export const ZResetPasswordBody = z.strictObject({
  email: ZSignInEmail,
  code: ZOneTimeCode,
  new_password: ZPassword,
});
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

/** The token of an invitation's link: 43 characters of base64url (32 random bytes). */
export const ZInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the token of an invitation link');

export const ZAcceptInvitationBody = z.strictObject({
  token: ZInvitationToken,
  name: z.string().trim().min(1).max(100),
  password: ZPassword,
});
export type TAcceptInvitationBody = z.infer<typeof ZAcceptInvitationBody>;

/** The dashboard's language a member chooses for themselves. */
export const ZSetLanguageBody = z.strictObject({ language: z.enum(LANGUAGES) });
export type TSetLanguageBody = z.infer<typeof ZSetLanguageBody>;

/** The SMS alerts a member chooses for themselves: the whole list they want (empty: none), each at most once. */
export const ZSetSmsAlertsBody = z.strictObject({
  alerts: z
    .array(z.enum(SMS_ALERTS))
    .max(SMS_ALERTS.length)
    .refine((alerts) => new Set(alerts).size === alerts.length, 'each alert at most once'),
});
export type TSetSmsAlertsBody = z.infer<typeof ZSetSmsAlertsBody>;
