// List and get messages: keys see their own mode only; members see both (filter `mode`); campaign filter.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { findMessagePage, type IdWalk } from '../../db/messages/list-messages.ts';
import type { MessageRow } from '../../db/messages/message-rows.ts';
import { ZPage, keysetPage } from '../paging.ts';
import { ZTimestamp } from '../validation.ts';
import { findMessage, messageDetail, messageView } from './message-view.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../../domain/message-states.ts';
import { TRAFFIC_CLASSES } from '../../domain/pricing.ts';
import { ZSenderName } from '../sender-ids/sender-id-view.ts';
import { createdIdBounds } from '../../db/reports/rollups.ts';
import { ZRecipientSearch } from '../../inputs/messages.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';

export const access: Access = { scopes: ['messages:read'], permission: 'messages.read' };

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

/** The list's query: a page, and the filter's fields; `status` may be written once with commas (status=failed,expired). */
export const ZListMessagesQuery = ZPage.extend({
  campaign: ZCampaignFilter,
  mode: z.enum(['test', 'live']).optional(),
  status: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), ZMessageFilter.shape.status),
  traffic_class: ZMessageFilter.shape.traffic_class,
  sender: ZMessageFilter.shape.sender,
  created_from: ZMessageFilter.shape.created_from,
  created_to: ZMessageFilter.shape.created_to,
  recipient: ZMessageFilter.shape.recipient,
});
export type TListMessagesQuery = z.infer<typeof ZListMessagesQuery>;

/** A key sees the messages of its own mode (lists and reports); a member chooses, or sees both. */
export function modeOf(actor: TenantActor, test: boolean | undefined, field: string): boolean | null {
  if (actor.kind === 'key') {
    if (test !== undefined && test !== (actor.mode === 'test')) {
      throw new DomainError('validation_failed', `A ${actor.mode} key lists ${actor.mode} messages only.`, { field });
    }
    return actor.mode === 'test';
  }
  return test ?? null;
}

/** Messages of the caller's organization that match the filter, a page of a walk by id. */
export async function findMessages(ctx: Ctx, actor: TenantActor, filter: TMessageFilter, page: IdWalk, modeField = 'test'): Promise<MessageRow[]> {
  const test = modeOf(actor, filter.test, modeField);
  // A range of creation times walks only the ids its days span (kept by the daily rollups), not every newer id.
  const bounds = filter.created_from || filter.created_to ? createdIdBounds(actor.organizationId, filter.created_from, filter.created_to) : null;
  // A search by number reaches only the numbers the caller sees whole: a match among masked ones would give away
  // the digits the mask hides.
  const onlySingle = filter.recipient !== undefined && !canSeeNumbers(actor);
  return findMessagePage(ctx.em, actor.organizationId, { ...filter, test, ...(onlySingle ? { recipientInSingleOnly: true } : {}) }, page, bounds);
}

export async function listMessages(ctx: Ctx, actor: TenantActor, query: TListMessagesQuery) {
  const { before: _before, limit: _limit, mode, ...narrowed } = query;
  const filter: TMessageFilter = { ...narrowed, ...(mode ? { test: mode === 'test' } : {}) };
  const { items, next_before } = await keysetPage(query, (walk) => findMessages(ctx, actor, filter, walk, 'mode'));
  return { messages: items.map((m) => messageView(m, actor)), next_before };
}

export async function getMessage(ctx: Ctx, actor: TenantActor, id: string) {
  const row = await findMessage(ctx, actor.organizationId, id);
  // Another mode's message is, for a key, a message it cannot know of.
  if (actor.kind === 'key' && row.test !== (actor.mode === 'test')) throw new DomainError('not_found', `No message has the id ${id}.`);
  return messageView(row, actor, await messageDetail(ctx, row));
}
