// Messages' answers, as REST's `data` holds them, and the preview's and today's counts of the dashboard.
import { z } from 'zod';
import { ZInstant, pageOf } from '../../outputs.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../../../core/domain/message-states.ts';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';

const ZStatus = z.enum(MESSAGE_STATUSES as [MessageStatus, ...MessageStatus[]]);
const ZEncoding = z.enum(['gsm7', 'ucs2', 'ascii']);
const ZTrafficClass = z.enum(TRAFFIC_CLASSES);

export const ZMessage = z.strictObject({
  id: z.string(),
  status: z.string(),
  to: z.string(),
  from: z.string(),
  body: z.string(),
  traffic_class: z.string(),
  client_ref: z.string(),
  encoding: z.string(),
  segments: z.number(),
  price: z.strictObject({ currency: z.string(), unit: z.string(), unit_amount: z.number(), total: z.number(), charged: z.boolean() }),
  test: z.boolean(),
  failure_reason: z.string().nullable(),
  failure_explanation: z.strictObject({ code: z.string(), en: z.string(), sw: z.string() }).nullable(),
  campaign_id: z.string().nullable(),
  held_until: ZInstant,
  send_at: ZInstant,
  expires_at: ZInstant,
  created_at: ZInstant,
  updated_at: ZInstant,
  final_at: ZInstant,
  /** The SMSC bind that took it last: the list and get give it once a bind took the message. */
  bind: z.string().optional(),
});

/**
 * A message with its attempts and receipts (get, and the answer of a send). Optional only because the view's type
 * makes them so; get and send always give both.
 */
export const ZMessageDetail = ZMessage.extend({
  attempts: z.array(z.strictObject({ number: z.number(), state: z.string(), detail: z.string().nullable(), started_at: ZInstant, finished_at: ZInstant })).optional(),
  receipts: z
    .array(z.strictObject({ delivery: z.string(), raw_status: z.string(), failure_reason: z.string().nullable(), effect: z.string(), received_at: ZInstant }))
    .optional(),
});

export const ZMessagePage = pageOf('messages', ZMessage);

const ZCharacterAt = z.strictObject({ character: z.string(), codepoint: z.string(), position: z.number() });
const ZRefusal = z.strictObject({ code: z.string(), message: z.string(), field: z.string().nullable(), details: z.record(z.string(), z.unknown()).nullable() });

export const ZMessagePreview = z.strictObject({
  sms_route: z.enum(['gsm0338', 'ascii']),
  traffic_class: ZTrafficClass,
  characters: z.number(),
  encoding: ZEncoding,
  segments: z.number(),
  left_in_segment: z.number(),
  ucs2_characters: z.array(ZCharacterAt),
  refused_characters: z.array(ZCharacterAt),
  refusal: ZRefusal.nullable(),
  max_characters: z.number(),
  max_segments: z.number(),
  price: z.strictObject({ currency: z.string(), unit: z.string(), unit_amount: z.number(), total: z.number() }).nullable(),
  price_unavailable: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
});

export const ZTodayCounts = z.strictObject({
  day: z.string(),
  time_zone: z.string(),
  test: z.boolean(),
  messages: z.number(),
  // Every status present, no other: a record keyed by an enum is exhaustive in zod.
  counts: z.record(ZStatus, z.number()),
  pending: z.number(),
  delivery_rate: z.number().nullable(),
});
