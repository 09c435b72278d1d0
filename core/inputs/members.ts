// What the member calls take: a member's email, role and name, the keys a change would revoke, their phone and
// invitations.
import { z } from 'zod';
import { ROLES } from '../domain/access.ts';
import { ZOneTimeCode, ZPassword } from './auth.ts';

export const ZRole = z.enum(ROLES);

export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'an email address' }))
  .transform((e) => e.toLowerCase());

export const ZMemberName = z.string().trim().min(1).max(100).nullable();

export const ZCreateMemberBody = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  role: ZRole,
  name: ZMemberName.optional(),
});
export type TCreateMemberBody = z.infer<typeof ZCreateMemberBody>;

export const ZUpdateMemberBody = z
  .strictObject({ role: ZRole.optional(), name: ZMemberName.optional() })
  .refine((b) => b.role !== undefined || b.name !== undefined, { message: 'send role or name', path: ['role'] });
export type TUpdateMemberBody = z.infer<typeof ZUpdateMemberBody>;

/** Without role: what removing the member revokes. */
export const ZKeysAffectedQuery = z.strictObject({ role: ZRole.optional() });
export type TKeysAffectedQuery = z.infer<typeof ZKeysAffectedQuery>;

/** A mobile number as typed (+255…, 255… or 0…); the use case normalizes it and says why one is refused. */
export const ZSetPhoneBody = z.strictObject({ phone: z.string().max(40) });
export type TSetPhoneBody = z.infer<typeof ZSetPhoneBody>;

export const ZVerifyPhoneBody = z.strictObject({ code: ZOneTimeCode });
export type TVerifyPhoneBody = z.infer<typeof ZVerifyPhoneBody>;

export const ZInviteMemberBody = z.strictObject({
  email: ZEmail,
  role: ZRole,
  /** Suggested to the invitee, who may change it when accepting. */
  name: ZMemberName.optional(),
});
export type TInviteMemberBody = z.infer<typeof ZInviteMemberBody>;

export const ZListInvitationsQuery = z.strictObject({
  before: z.uuid().optional(),
  limit: z.number().int().min(1).max(100).default(50),
});
export type TListInvitationsQuery = z.infer<typeof ZListInvitationsQuery>;
