// GET /v1/wallet/ledger: every money movement, newest first, each with the balance after it.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import { LEDGER_KINDS } from '../../domain/ledger.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { seesLiveData } from '../actor.ts';
import { cents, idPageRows, iso, type IdWalk } from '../../db/sql.ts';
import { ZPage, keysetPage } from '../paging.ts';
import { ZTimestamp } from '../validation.ts';

export const access: Access = { scopes: ['wallet:read'], permission: 'wallet.read' };

export const ZListLedgerQuery = ZPage.extend({
  kind: z.enum(LEDGER_KINDS).optional(),
});
export type TListLedgerQuery = z.infer<typeof ZListLedgerQuery>;

interface EntryRow {
  id: string;
  kind: string;
  amount: string;
  balance_after: string;
  held_after: string;
  reference: string | null;
  message_id: string | null;
  campaign_id: string | null;
  created_at: Date;
}

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
  const found = await idPageRows<EntryRow>(ctx.em, {
    table: 'ledger_entries',
    organizationId: actor.organizationId,
    ...page,
    where: '(?::text is null or kind = ?) and (?::timestamptz is null or created_at >= ?) and (?::timestamptz is null or created_at < ?)',
    params: [filter.kind ?? null, filter.kind ?? null, filter.from ?? null, filter.from ?? null, filter.to ?? null, filter.to ?? null],
  });
  return found.map((e) => ({
    id: e.id,
    kind: e.kind,
    amount: cents(e.amount),
    currency: 'TZS',
    balance_after: cents(e.balance_after),
    held_after: cents(e.held_after),
    reference: e.reference,
    message_id: e.message_id,
    campaign_id: e.campaign_id,
    created_at: iso(e.created_at),
  }));
}
