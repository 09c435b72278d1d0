// What the message calls take: a send, the live preview, today's counts and the list's filters.
import { z } from 'zod';
import { TRAFFIC_CLASSES } from '../domain/pricing.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../domain/message-states.ts';
import { ZPage, ZTimestamp } from './common.ts';
import { ZSenderName } from './sender-ids.ts';
import { MAX_SEARCH_LENGTH, recipientSearch } from '../domain/phone.ts';
import { ZEatDay, refineDayRange } from './day-range.ts';

/** An undispatched message without a ttl expires after the longest ttl allowed. */
export const DEFAULT_TTL_SECONDS = 259_200;

export const ZSendMessageBody = z.strictObject({
  to: z.string().max(40),
  from: z.string().min(1).max(11),
  body: z.string().min(1).max(10_000),
  client_ref: z
    .string()
    .min(1)
    .max(128)
    .refine((s) => !/\p{C}/u.test(s), 'client_ref must be printable characters'),
  traffic_class: z.enum(TRAFFIC_CLASSES).default('transactional'),
  ttl: z.number().int().min(1).max(DEFAULT_TTL_SECONDS).optional(),
  send_at: ZTimestamp.optional().describe(
    'Send later: an RFC 3339 time at least a minute and at most 30 days ahead (else 422 schedule_out_of_range). The price is held at once; the message waits until then (a promotional one also for the sending window) and can be cancelled until it is dispatched. Live only: a test send refuses it (403 test_mode_not_allowed). ttl counts from this time.',
  ),
});
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;

/**
 * The compose form as it stands. `from` is taken so that the form can be sent whole; neither the route nor the
 * price depends on the sender.
 */
export const ZPreviewMessageInput = z.strictObject({
  body: ZSendMessageBody.shape.body,
  traffic_class: ZSendMessageBody.shape.traffic_class,
  from: ZSendMessageBody.shape.from.optional(),
});
export type TPreviewMessageInput = z.infer<typeof ZPreviewMessageInput>;

export const ZTodayCountsInput = z.strictObject({ test: z.boolean().default(false) });
export type TTodayCountsInput = z.infer<typeof ZTodayCountsInput>;

/**
 * A recipient to find: a whole number in any accepted form matches that number; at least four digits match every
 * number that holds them (0754… and +255754… as the start of a number).
 */
export const ZRecipientSearch = z
  .string()
  .max(MAX_SEARCH_LENGTH)
  .transform((text, ctx) => {
    const found = recipientSearch(text);
    if (!found.ok) {
      ctx.addIssue({ code: 'custom', message: found.error.message });
      return z.NEVER;
    }
    return found.value;
  });

const ZCampaignFilter = z
  .union([z.literal('none'), z.uuid()], { message: 'campaign is none or a campaign id' })
  .transform((c) => c.toLowerCase())
  .optional();

/** What a caller may narrow a list of messages to (REST's query, tRPC's input and GraphQL's filter all come to this). */
export const ZMessageFilter = z.strictObject({
  status: z.array(z.enum(MESSAGE_STATUSES as [MessageStatus, ...MessageStatus[]])).min(1).max(MESSAGE_STATUSES.length).optional(),
  traffic_class: z.enum(TRAFFIC_CLASSES).optional(),
  campaign: ZCampaignFilter,
  sender: ZSenderName.optional(),
  created_from: ZTimestamp.optional(),
  created_to: ZTimestamp.optional(),
  test: z.boolean().optional(),
  recipient: ZRecipientSearch.optional(),
});
export type TMessageFilter = z.infer<typeof ZMessageFilter>;

/** `status` in a query: the list, or written once with commas (status=failed,expired). */
const ZStatusQuery = z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), ZMessageFilter.shape.status);

/** The list's query: a page, and the filter's fields. */
export const ZListMessagesQuery = ZPage.extend({
  campaign: ZCampaignFilter,
  mode: z.enum(['test', 'live']).optional(),
  status: ZStatusQuery,
  traffic_class: ZMessageFilter.shape.traffic_class,
  sender: ZMessageFilter.shape.sender,
  created_from: ZMessageFilter.shape.created_from,
  created_to: ZMessageFilter.shape.created_to,
  recipient: ZMessageFilter.shape.recipient,
});
export type TListMessagesQuery = z.infer<typeof ZListMessagesQuery>;

/**
 * The messages CSV: the days of creation (EAT), test or live (a key exports its own mode), and the list's status,
 * traffic class, sender and recipient, so that the file holds what the filtered list shows.
 */
export const ZMessageExportQuery = z
  .strictObject({
    from: ZEatDay,
    to: ZEatDay,
    mode: z.enum(['test', 'live']).optional(),
    status: ZStatusQuery,
    traffic_class: ZMessageFilter.shape.traffic_class,
    sender: ZMessageFilter.shape.sender,
    recipient: ZMessageFilter.shape.recipient,
  })
  .superRefine(refineDayRange);
export type TMessageExportQuery = z.infer<typeof ZMessageExportQuery>;
