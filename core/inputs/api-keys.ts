// What the API key calls take: a key's name, mode, scopes and lifetime, its rotation and its holder.
import { z } from 'zod';
import { SCOPES } from '../domain/access.ts';
import { ZId } from './common.ts';

export const ZScopes = z
  .array(z.enum(SCOPES))
  .min(1)
  .max(SCOPES.length)
  .refine((a) => new Set(a).size === a.length, 'each scope once');

export const ZCreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  mode: z.enum(['test', 'live']),
  scopes: ZScopes,
  expires_in_days: z.number().int().min(1).max(730).default(365),
});
export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;

export const ZRotateApiKeyBody = z.strictObject({
  grace_hours: z.number().int().min(0).max(168).default(24),
});
export type TRotateApiKeyBody = z.infer<typeof ZRotateApiKeyBody>;

export const ZReassignApiKeyBody = z.strictObject({ member_id: ZId });
export type TReassignApiKeyBody = z.infer<typeof ZReassignApiKeyBody>;
