// Reads of the ledger: an organization's entries, walked by id. (Entries are written only by wallets.ts.)
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerKind } from '../../domain/ledger.ts';
import { idPageRows, type IdWalk } from '../sql.ts';

export type { IdWalk };

export interface LedgerEntryRow {
  id: string;
  kind: LedgerKind;
  amount: string;
  balance_after: string;
  held_after: string;
  reference: string | null;
  message_id: string | null;
  campaign_id: string | null;
  created_at: Date;
}

/** What entries a page keeps: of one kind, created in [from, to); each absent one keeps all. */
export interface LedgerFilter {
  kind?: LedgerKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A page of the organization's entries, newest first or, walked backwards, oldest first. */
export function findLedgerEntries(em: EntityManager, organizationId: string, filter: LedgerFilter, page: IdWalk): Promise<LedgerEntryRow[]> {
  return idPageRows<LedgerEntryRow>(em, {
    table: 'ledger_entries',
    organizationId,
    ...page,
    where: '(?::text is null or kind = ?) and (?::timestamptz is null or created_at >= ?) and (?::timestamptz is null or created_at < ?)',
    params: [filter.kind ?? null, filter.kind ?? null, filter.from ?? null, filter.from ?? null, filter.to ?? null, filter.to ?? null],
  });
}
