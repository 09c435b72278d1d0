// List and get messages: keys see their own mode only; members see both (filter `mode`); campaign filter.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { findMessagePage, type IdWalk } from '../../db/messages/list-messages.ts';
import type { MessageRow } from '../../db/messages/message-rows.ts';
import { keysetPage } from '../paging.ts';
import { type TListMessagesQuery, type TMessageFilter } from '../../inputs/messages.ts';
import { findMessage, listedMessageView, messageDetail } from './message-view.ts';
import { createdIdBounds } from '../../db/reports/rollups.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';

export const access: Access = { scopes: ['messages:read'], permission: 'messages.read' };

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
  return { messages: items.map((m) => listedMessageView(m, actor)), next_before };
}

export async function getMessage(ctx: Ctx, actor: TenantActor, id: string) {
  const row = await findMessage(ctx, actor.organizationId, id);
  // Another mode's message is, for a key, a message it cannot know of.
  if (actor.kind === 'key' && row.test !== (actor.mode === 'test')) throw new DomainError('not_found', `No message has the id ${id}.`);
  return listedMessageView(row, actor, await messageDetail(ctx, row));
}
