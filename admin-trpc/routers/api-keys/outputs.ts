// API keys' answers, as REST's `data` holds them: redacted keys, pages of them, a secret shown once.
import { z } from 'zod';
import { ZInstant, pageOf } from '../../outputs.ts';
import { SCOPES } from '../../../core/domain/access.ts';


export const ZApiKey = z.strictObject({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['test', 'live']),
  scopes: z.array(z.enum(SCOPES)),
  status: z.enum(['active', 'rotated', 'revoked', 'expired']),
  redacted: z.string(),
  created_by: z.string().nullable(),
  held_by: z.string().nullable(),
  created_at: ZInstant,
  expires_at: ZInstant,
  revoked_at: ZInstant,
  rotated_at: ZInstant,
  grace_until: ZInstant,
  replaced_by: z.string().nullable(),
  last_used_at: ZInstant,
});

export const ZApiKeyAnswer = z.strictObject({ api_key: ZApiKey });
export const ZApiKeyPage = pageOf('api_keys', ZApiKey);

/**
 * What an answer that hands out a secret adds: the secret the first time, null with secret_shown false when a
 * repeated call (same idempotency key) answers again, and whether it is such a repeat.
 */
