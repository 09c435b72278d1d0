// Inputs about members: who they are (email, name, role), their phone, and invitations. Only zod and core/domain:
// the dashboard's forms check with the very schemas the server takes.
import { z } from 'zod';
import { ROLES } from '../domain/access.ts';
import { ZOneTimeCode } from './auth.ts';

export const ZRole = z.enum(ROLES);
export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'an email address' }))
  .transform((e) => e.toLowerCase());
export const ZMemberName = z.string().trim().min(1).max(100).nullable();

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
