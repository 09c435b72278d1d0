// What a campaign's calls take: drafts, edits, quotes, launches, the recipient list and its export.
import { z } from 'zod';
import { TRAFFIC_CLASSES } from '../domain/pricing.ts';
import { MAX_SEARCH_LENGTH } from '../domain/phone.ts';
import { ZPage, ZTimestamp } from './common.ts';

export const MAX_GROUPS_PER_CAMPAIGN = 50;
export const MIN_VALIDITY_SECONDS = 3600;
export const MAX_VALIDITY_SECONDS = 259_200;

const ZName = z.string().trim().min(1).max(100);

const ZGroupIds = z
  .array(z.uuid().transform((id) => id.toLowerCase()))
  .max(MAX_GROUPS_PER_CAMPAIGN, `a campaign holds at most ${MAX_GROUPS_PER_CAMPAIGN} groups`)
  .refine((ids) => new Set(ids).size === ids.length, 'each group once');

export const ZValidity = z.number().int().min(MIN_VALIDITY_SECONDS).max(MAX_VALIDITY_SECONDS);

const draftFields = {
  name: ZName,
  traffic_class: z.enum(TRAFFIC_CLASSES),
  sender_id: z.string().min(1).max(11),
  body: z.string().min(1).max(10_000),
  group_ids: ZGroupIds,
  scheduled_at: ZTimestamp.nullable(),
  validity_seconds: ZValidity.nullable(),
};

export const ZCreateDraftBody = z.strictObject({
  ...draftFields,
  traffic_class: draftFields.traffic_class.default('transactional'),
  group_ids: draftFields.group_ids.default([]),
  scheduled_at: draftFields.scheduled_at.default(null),
  validity_seconds: draftFields.validity_seconds.default(null),
});
export type TCreateDraftBody = z.infer<typeof ZCreateDraftBody>;

export const ZEditDraftBody = z
  .strictObject({
    version: z.number().int().min(1).optional(),
    name: draftFields.name.optional(),
    traffic_class: draftFields.traffic_class.optional(),
    sender_id: draftFields.sender_id.optional(),
    body: draftFields.body.optional(),
    group_ids: draftFields.group_ids.optional(),
    scheduled_at: draftFields.scheduled_at.optional(),
    validity_seconds: draftFields.validity_seconds.optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'version'), { message: 'send at least one field to change' });
export type TEditDraftBody = z.infer<typeof ZEditDraftBody>;

export const ZListCampaignsQuery = ZPage;

export const ZQuoteBody = z.strictObject({ version: z.number().int().min(1).optional() });
export type TQuoteBody = z.infer<typeof ZQuoteBody>;

export const ZLaunchBody = z.strictObject({
  quote_id: z.uuid().transform((id) => id.toLowerCase()),
  scheduled_at: ZTimestamp.nullable().optional(),
  validity_seconds: ZValidity.nullable().optional(),
});
export type TLaunchBody = z.infer<typeof ZLaunchBody>;

/** The statuses a recipient shows: its own before it was fed, its message's after. */
export const RECIPIENT_STATUSES = [
  'pending', 'accepted', 'submitted', 'delivered', 'undelivered', 'failed', 'unknown', 'cancelled', 'expired', 'skipped_opted_out', 'skipped_no_consent',
] as const;

/** `skipped` means both skipped states (DESIGN.md section 5). */
export const ZRecipientStatusFilter = z.enum([...RECIPIENT_STATUSES, 'skipped']);
export type TRecipientStatusFilter = z.infer<typeof ZRecipientStatusFilter>;

export const MAX_RECIPIENTS_PAGE = 200;

/** n is a PostgreSQL integer: a larger cursor could only ever be past the end. */
const MAX_N = 2_147_483_647;

export const ZListRecipientsQuery = z.strictObject({
  status: ZRecipientStatusFilter.optional(),
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  after: z.coerce.number({ message: 'after must be the next_after of the previous page (an integer >= 0)' }).int().min(0).max(MAX_N).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_RECIPIENTS_PAGE).default(50),
});
export type TListRecipientsQuery = z.infer<typeof ZListRecipientsQuery>;

/** Only status narrows an export; a number search is a list operation (unknown parameters are 422). */
export const ZExportQuery = z.strictObject({ status: ZRecipientStatusFilter.optional() });
export type TExportQuery = z.infer<typeof ZExportQuery>;
/** Copying a campaign takes nothing but its id (in the path, or beside the idempotency key over tRPC). */
export const ZCopyCampaignBody = z.strictObject({});
export type TCopyCampaignBody = z.infer<typeof ZCopyCampaignBody>;
