// What signing in takes, and the length a new password has.
import { z } from 'zod';
import { ZId } from './common.ts';

/** Only the length is judged at the edge: how guessable a password is depends on whose it is (strongPassword). */
export const ZPassword = z.string().min(12, 'a password has at least 12 characters').max(200);

export const ZSignInBody = z.strictObject({
  email: z.string().trim().min(1).max(254).transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(200),
  /** Which organization, when the address belongs to members of several with the same password. */
  organization_id: ZId.optional(),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;
