// List and get messages: keys see their own mode only; members see both (filter `mode`); campaign filter.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { rows } from '../../db/sql.ts';
import { ZPage, pageOf } from '../paging.ts';
import type { MessageRow } from './message-view.ts';
import { findMessage, messageDetail, messageView } from './message-view.ts';

export const access: Access = { scopes: ['messages:read'], permission: 'messages.read' };

export const ZListMessagesQuery = ZPage.extend({
  campaign: z
    .union([z.literal('none'), z.uuid()], { message: 'campaign is none or a campaign id' })
    .transform((c) => c.toLowerCase())
    .optional(),
  mode: z.enum(['test', 'live']).optional(),
});
export type TListMessagesQuery = z.infer<typeof ZListMessagesQuery>;

/** A key sees the messages of its own mode; a member chooses, or sees both. */
function modeOf(actor: TenantActor, asked: 'test' | 'live' | undefined): boolean | null {
  if (actor.kind === 'key') {
    if (asked !== undefined && asked !== actor.mode) {
      throw new DomainError('validation_failed', `A ${actor.mode} key lists ${actor.mode} messages only.`, { field: 'mode' });
    }
    return actor.mode === 'test';
  }
  return asked === undefined ? null : asked === 'test';
}

export async function listMessages(ctx: Ctx, actor: TenantActor, query: TListMessagesQuery) {
  const test = modeOf(actor, query.mode);
  const conditions = ['organization_id = ?'];
  const params: unknown[] = [actor.organizationId];
  if (test !== null) {
    conditions.push('test = ?');
    params.push(test);
  }
  if (query.before) {
    conditions.push('id < ?');
    params.push(query.before);
  }
  if (query.campaign === 'none') conditions.push('campaign_id is null');
  else if (query.campaign) {
    conditions.push('campaign_id = ?');
    params.push(query.campaign);
  }
  const found = await rows<MessageRow>(ctx.em, `select * from messages where ${conditions.join(' and ')} order by id desc limit ?`, [...params, query.limit + 1]);
  const page = pageOf(found, query.limit);
  return { messages: page.items.map((m) => messageView(m, actor)), next_before: page.nextBefore };
}

export async function getMessage(ctx: Ctx, actor: TenantActor, id: string) {
  const row = await findMessage(ctx, actor.organizationId, id);
  // Another mode's message is, for a key, a message it cannot know of.
  if (actor.kind === 'key' && row.test !== (actor.mode === 'test')) throw new DomainError('not_found', `No message has the id ${id}.`);
  return messageView(row, actor, await messageDetail(ctx, row));
}
