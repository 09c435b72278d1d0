// GET /v1/wallet/ledger: every money movement, newest first, each with the balance after it.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { seesLiveData } from '../actor.ts';
import { findLedgerEntries as findEntries, type IdWalk } from '../../db/wallet/ledger.ts';
import { keysetPage } from '../paging.ts';
import { ZTimestamp } from '../../inputs/common.ts';
import { type TListLedgerQuery, ZListLedgerQuery } from '../../inputs/wallet.ts';

export const access: Access = { scopes: ['wallet:read'], permission: 'wallet.read' };

/** Every entry is live money: a test key's ledger (test mode never holds or charges) is empty. */
export async function listLedger(ctx: Ctx, actor: TenantActor, query: TListLedgerQuery) {
  const { items, next_before } = await keysetPage(query, (walk) => findLedgerEntries(ctx, actor, query.kind ? { kind: query.kind } : {}, walk));
  return { entries: items, next_before };
}

export const ZLedgerFilter = z.strictObject({
  kind: ZListLedgerQuery.shape.kind,
  from: ZTimestamp.optional(),
  to: ZTimestamp.optional(),
});
export type TLedgerFilter = z.infer<typeof ZLedgerFilter>;

/** A page of ledger entries (of one kind, created in [from, to)), newest first or, walked backwards, oldest first. */
export async function findLedgerEntries(
  ctx: Ctx,
  actor: TenantActor,
  filter: TLedgerFilter,
  page: IdWalk,
) {
  if (!seesLiveData(actor)) return [];
  const found = await findEntries(ctx.em, actor.organizationId, filter, page);
  // Amounts in cents as numbers, times in RFC 3339.
  return found.map((e) => ({
    id: e.id,
    kind: e.kind,
    amount: Number(e.amount),
    currency: 'TZS',
    balance_after: Number(e.balance_after),
    held_after: Number(e.held_after),
    reference: e.reference,
    message_id: e.message_id,
    campaign_id: e.campaign_id,
    created_at: e.created_at.toISOString(),
  }));
}
