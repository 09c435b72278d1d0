// What the member calls take: a member's email, role and name, and the keys a change would revoke.
import { z } from 'zod';
import { ROLES } from '../domain/access.ts';
import { ZPassword } from './auth.ts';

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
