// API keys' answers, as REST's `data` holds them: redacted keys, pages of them, a secret shown once.
import { z } from 'zod';
import { SCOPES } from '../../../core/domain/access.ts';

/** An ISO 8601 instant, null where the thing has not happened. */
export const ZInstant = z.string().nullable();

export const ZApiKey = z.strictObject({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['test', 'live']),
  scopes: z.array(z.enum(SCOPES)),
  status: z.enum(['active', 'rotated', 'revoked', 'expired']),
  redacted: z.string(),
  created_by: z.string().nullable(),
  created_at: ZInstant,
  expires_at: ZInstant,
  revoked_at: ZInstant,
  rotated_at: ZInstant,
  grace_until: ZInstant,
  replaced_by: z.string().nullable(),
  last_used_at: ZInstant,
});

export const ZApiKeyAnswer = z.strictObject({ api_key: ZApiKey });
export const ZApiKeyPage = z.strictObject({ api_keys: z.array(ZApiKey), next_before: z.string().nullable() });

/**
 * What an answer that hands out a secret adds: the secret the first time, null with secret_shown false when a
 * repeated call (same idempotency key) answers again, and whether it is such a repeat.
 */
export const ZSecretOnce = { secret: z.string().nullable(), secret_shown: z.boolean(), replay: z.boolean() };
