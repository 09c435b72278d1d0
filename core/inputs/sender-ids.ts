// What requesting a sender ID takes: its name and traffic classes.
import { z } from 'zod';
import { TRAFFIC_CLASSES } from '../domain/pricing.ts';

/** Alphanumeric sender: 1 to 11 characters, letters, digits, space, dot, dash, ampersand, underscore. */
export const ZSenderName = z
  .string()
  .min(1)
  .max(11)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 .&_-]*$/, 'a sender ID is 1 to 11 letters, digits, spaces, dots, dashes, ampersands or underscores');

export const ZTrafficClasses = z
  .array(z.enum(TRAFFIC_CLASSES))
  .min(1)
  .max(2)
  .refine((a) => new Set(a).size === a.length, 'each traffic class once');

export const ZRequestSenderIdBody = z.strictObject({
  name: ZSenderName,
  traffic_classes: ZTrafficClasses.default(['transactional']),
  note: z.string().trim().max(500).optional(),
});
export type TRequestSenderIdBody = z.infer<typeof ZRequestSenderIdBody>;
