// List and get inbound messages (GET /v1/inbound-messages, GraphQL inboundMessages): newest first, by sender,
// number and time of arrival. Inbound messages are live: a test key lists none, as it sees no live message.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { findInboundPage, type IdWalk, type InboundMessageRow } from '../../db/inbound/inbound-list.ts';
import { keysetPage } from '../paging.ts';
import type { TInboundFilter, TListInboundQuery } from '../../inputs/inbound.ts';
import { inboundView, requireInbound } from './inbound-view.ts';

export const access: Access = { scopes: ['messages:read'], permission: 'messages.read' };

const testKey = (actor: TenantActor) => actor.kind === 'key' && actor.mode === 'test';

/** A page of a walk by id; since after until is refused (field until) rather than answered empty. */
export async function findInbound(ctx: Ctx, actor: TenantActor, filter: TInboundFilter, walk: IdWalk): Promise<InboundMessageRow[]> {
  if (filter.since && filter.until && filter.since >= filter.until) throw new DomainError('validation_failed', 'until must be after since', { field: 'until' });
  if (testKey(actor)) return [];
  return findInboundPage(ctx.em, actor.organizationId, filter, walk);
}

export async function listInbound(ctx: Ctx, actor: TenantActor, query: TListInboundQuery) {
  const { before: _before, limit: _limit, ...filter } = query;
  const { items, next_before } = await keysetPage(query, (walk) => findInbound(ctx, actor, filter, walk));
  return { inbound_messages: items.map(inboundView), next_before };
}

export async function getInbound(ctx: Ctx, actor: TenantActor, id: string) {
  if (testKey(actor)) throw new DomainError('not_found', `No inbound message has the id ${id}.`);
  return inboundView(await requireInbound(ctx, actor.organizationId, id));
}
