// The dashboard's inbox: one conversation a sender, the latest first, with its last message and how many are
// unread; a conversation's thread, its inbound messages and the organization's single messages to that number
// interleaved by time (the replies, with their statuses); and a conversation marked read when a member opens it.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { iso } from '../../domain/values.ts';
import { findConversationInbound, findConversations, findOutboundTo, markConversationRead } from '../../db/inbound/inbound-list.ts';
import { pageOf } from '../paging.ts';
import type { TConversationInput, TConversationsQuery } from '../../inputs/inbound.ts';

export const access: Access = { scopes: [], permission: 'messages.read' };

/** How far back a thread reaches, each way: a conversation of more is read in the lists. */
export const THREAD_DEPTH = 200;

export async function listConversations(ctx: Ctx, actor: TenantActor, query: TConversationsQuery) {
  const found = await findConversations(ctx.em, actor.organizationId, { olderThan: query.before, limit: query.limit + 1 });
  // The page's cursor is the id of each conversation's last message.
  const page = pageOf(found.map((c) => ({ ...c, id: c.last_id })), query.limit);
  return {
    conversations: page.items.map((c) => ({
      phone: c.phone,
      last_message: { id: c.last_id, body: c.last_body, to: c.last_to, received_at: c.last_received_at.toISOString() },
      unread: c.unread,
      total: c.total,
    })),
    next_before: page.nextBefore,
  };
}

type ThreadItem =
  | { direction: 'in'; id: string; body: string; at: string; to: string; keyword: string | null; incomplete: boolean; read: boolean }
  | { direction: 'out'; id: string; body: string; at: string; from: string; status: string };

export async function conversationThread(ctx: Ctx, actor: TenantActor, input: TConversationInput) {
  const [inbound, outbound] = await Promise.all([
    findConversationInbound(ctx.em, actor.organizationId, input.phone, THREAD_DEPTH),
    findOutboundTo(ctx.em, actor.organizationId, input.phone, THREAD_DEPTH),
  ]);
  const items: ThreadItem[] = [
    ...inbound.map((m): ThreadItem => ({ direction: 'in', id: m.id, body: m.body, at: m.received_at.toISOString(), to: m.to_number, keyword: m.keyword, incomplete: m.incomplete, read: m.read_at !== null })),
    ...outbound.map((m): ThreadItem => ({ direction: 'out', id: m.id, body: m.body, at: iso(m.created_at)!, from: m.sender, status: m.status })),
  ];
  // Oldest first, as a conversation reads; ids break a tie (both are time-ordered).
  items.sort((x, y) => x.at.localeCompare(y.at) || x.id.localeCompare(y.id));
  return { phone: input.phone, items, truncated: inbound.length === THREAD_DEPTH || outbound.length === THREAD_DEPTH };
}

export async function markRead(ctx: Ctx, actor: TenantActor, input: TConversationInput) {
  return inTransaction(ctx, async (tx) => ({ marked: await markConversationRead(tx.em, actor.organizationId, input.phone, tx.now) }));
}
