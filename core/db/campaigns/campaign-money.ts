// A launched campaign's money as its ledger entries say it: each message's capture, release or refund and the
// batch releases carry the campaign's id beside its one reservation (decision 0129), so their sums are its money.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, rows } from '../sql.ts';

/** Sums in cents, as text (bigint), of one campaign's ledger entries by kind. */
export interface CampaignLedgerSums {
  campaign_id: string;
  hold: string;
  capture: string;
  release: string;
  refund: string;
}

/** The ledger sums of each of these campaigns of the organization that has entries, in one statement. */
export function sumCampaignLedgers(em: EntityManager, organizationId: string, campaignIds: readonly string[]): Promise<CampaignLedgerSums[]> {
  return rows<CampaignLedgerSums>(
    em,
    `select campaign_id,
       coalesce(sum(amount) filter (where kind = 'hold'), 0)::text as hold,
       coalesce(sum(amount) filter (where kind = 'capture'), 0)::text as capture,
       coalesce(sum(amount) filter (where kind = 'release'), 0)::text as release,
       coalesce(sum(amount) filter (where kind = 'refund'), 0)::text as refund
     from ledger_entries where organization_id = ? and campaign_id = any(?::uuid[])
     group by campaign_id`,
    [organizationId, pgArray(campaignIds)],
  );
}
