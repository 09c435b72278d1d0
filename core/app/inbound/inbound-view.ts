// Inbound messages' public shape (REST, GraphQL, the webhook and the inbox). Numbers are shown whole to whoever
// may read messages: the sender chose to write to the organization, and a reply needs the number (decision 0276).
import type { Ctx } from '../context.ts';
import type { KeywordKind } from '../../domain/keywords.ts';
import { findInboundMessage, type InboundMessageRow } from '../../db/inbound/inbound-list.ts';
import { orNotFound } from '../find-owned.ts';
import type { StoredInbound } from './inbound-effects.ts';

export function inboundView(row: InboundMessageRow) {
  return { id: row.id, from: row.from_phone, to: row.to_number, body: row.body, incomplete: row.incomplete, received_at: row.received_at.toISOString(), keyword: row.keyword };
}

export type InboundView = ReturnType<typeof inboundView>;

/** The message.received event's data: the message as GET /v1/inbound-messages/{id} shows it, as it was stored. */
export function inboundEventData(m: StoredInbound, keyword: KeywordKind | null) {
  return { id: m.id, from: m.fromPhone, to: m.toNumber, body: m.body, incomplete: m.incomplete, received_at: m.receivedAt.toISOString(), keyword };
}

export async function requireInbound(ctx: Ctx, organizationId: string, id: string): Promise<InboundMessageRow> {
  return orNotFound(await findInboundMessage(ctx.em, organizationId, id), 'inbound message', id);
}
