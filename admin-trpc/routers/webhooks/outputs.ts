// Webhook answers, as REST's `data` holds them: endpoints (a new secret shown once), deliveries and attempts.
import { z } from 'zod';
import { ZInstant, pageOf } from '../../outputs.ts';


export const ZEndpoint = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: ZInstant,
  previous_secret_valid_until: ZInstant,
  created_at: ZInstant,
  updated_at: ZInstant,
});

export const ZEndpointAnswer = z.strictObject({ endpoint: ZEndpoint });
export const ZEndpointPage = pageOf('endpoints', ZEndpoint);

/**
 * What an answer that hands out a signing secret adds: the secret the first time, null with secret_shown false
 * when a repeated call (same idempotency key) answers again, and whether it is such a repeat.
 */

export const ZDelivery = z.strictObject({
  id: z.string(),
  endpoint_id: z.string(),
  event_type: z.string(),
  webhook_id: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  next_attempt_at: ZInstant,
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  payload: z.unknown(),
  created_at: ZInstant,
  finished_at: ZInstant,
});

export const ZDeliveryAnswer = z.strictObject({ delivery: ZDelivery });
export const ZDeliveryPage = pageOf('deliveries', ZDelivery);

export const ZAttempts = z.strictObject({
  attempts: z.array(
    z.strictObject({
      number: z.number().int(),
      status_code: z.number().int().nullable(),
      duration_ms: z.number().nullable(),
      error: z.string().nullable(),
      response_body: z.string().nullable(),
      started_at: ZInstant,
      finished_at: ZInstant,
    }),
  ),
});
