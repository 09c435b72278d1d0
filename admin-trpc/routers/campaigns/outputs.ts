// Campaigns' answers, as REST's `data` holds them: a campaign with its quote and launch, quotes, recipients.
import { z } from 'zod';
import { ZInstant, pageOf } from '../../outputs.ts';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../../../core/domain/campaign-states.ts';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';
import { RECIPIENT_STATUSES } from '../../../core/inputs/campaigns.ts';

const ZTrafficClass = z.enum(TRAFFIC_CLASSES);
const ZEncoding = z.enum(['gsm7', 'ucs2', 'ascii']);

export const ZQuote = z.strictObject({
  id: z.string(),
  campaign_id: z.string(),
  status: z.enum(['current', 'stale', 'expired']),
  campaign_version: z.number(),
  group_ids: z.array(z.string()),
  audience: z.strictObject({ eligible: z.number(), duplicates: z.number(), opted_out: z.number(), no_consent: z.number() }),
  encoding: ZEncoding,
  segments: z.number(),
  traffic_class: ZTrafficClass,
  sms_route: z.enum(['gsm0338', 'ascii']),
  unit_amount: z.number(),
  total: z.number(),
  currency: z.string(),
  created_at: ZInstant,
  expires_at: ZInstant,
  assumptions: z.array(z.string()),
});

export const ZCancelReport = z.strictObject({ pending_cancelled: z.number(), queued_at_cancel: z.number(), in_flight_at_cancel: z.number() });

const ZLaunch = z.strictObject({
  quote_id: z.string().nullable(),
  launched_at: ZInstant,
  launched_by_member_id: z.string().nullable(),
  starts_at: ZInstant,
  started_at: ZInstant,
  expires_at: ZInstant,
  validity_seconds: z.number().nullable(),
  recipients: z.number().nullable(),
  fed: z.number(),
  handed_to_sending: z.number(),
  amount_held: z.number(),
  currency: z.string(),
  cancel_requested_at: ZInstant,
  cancel_report: ZCancelReport.nullable(),
  finished_at: ZInstant,
  money: z.strictObject({ reserved: z.number(), captured: z.number(), released: z.number(), held: z.number(), currency: z.literal('TZS') }).optional(),
  delivery: z.strictObject({ delivered: z.number(), undelivered: z.number(), failed: z.number(), answered: z.number(), rate: z.number().nullable() }).optional(),
});

const ZLaunchWindow = z.strictObject({
  applies: z.boolean(),
  open_now: z.boolean(),
  launch_now_refused: z.boolean(),
  scheduled_at_refused: z.boolean(),
  next_opening: z.string(),
  next_opening_date: z.string(),
  next_opening_local: z.string(),
});

export const ZCampaign = z.strictObject({
  id: z.string(),
  name: z.string(),
  traffic_class: ZTrafficClass,
  sender_id: z.string(),
  body: z.string(),
  encoding: ZEncoding,
  segments: z.number(),
  group_ids: z.array(z.string()),
  scheduled_at: ZInstant,
  validity_seconds: z.number().nullable(),
  status: z.enum(CAMPAIGN_STATUSES as [CampaignStatus, ...CampaignStatus[]]),
  version: z.number(),
  created_via: z.enum(['dashboard', 'api']),
  created_at: ZInstant,
  updated_at: ZInstant,
  quote: ZQuote.nullable(),
  launch: ZLaunch.nullable(),
  launch_window: ZLaunchWindow.nullable(),
});

export const ZCampaignAnswer = z.strictObject({ campaign: ZCampaign });
export const ZCampaignPage = pageOf('campaigns', ZCampaign);
export const ZQuoteAnswer = z.strictObject({ quote: ZQuote, campaign: ZCampaign });
export const ZCampaignProgress = z.strictObject({
  id: z.string(),
  status: ZCampaign.shape.status,
  recipients: z.number(),
  counts: z.strictObject(Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, z.number()])) as Record<(typeof RECIPIENT_STATUSES)[number], z.ZodNumber>),
});

export const ZRecipientPage = z.strictObject({
  recipients: z.array(
    z.strictObject({
      n: z.number(),
      to: z.string(),
      status: z.string(),
      message_id: z.string().nullable(),
      failure_reason: z.string().nullable(),
      segments: z.number(),
      unit_amount: z.number(),
      amount: z.number(),
      charge: z.string(),
      queued_at: ZInstant,
      updated_at: ZInstant,
      final_at: ZInstant,
    }),
  ),
  next_after: z.number().nullable(),
  numbers_masked: z.boolean(),
});
