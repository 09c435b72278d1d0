// Campaigns' messages counted by outcome from the delivery report's rollups and the deltas not folded yet: the
// report's own figures, exact, and read from buckets of days rather than from every message.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, rows } from '../sql.ts';
import { rollupBuckets } from './rollups.ts';

export interface CampaignOutcomes {
  campaign_id: string;
  delivered: number;
  undelivered: number;
  failed: number;
}

/** The outcomes of each of these campaigns of the organization that has messages, in one statement. */
export function sumCampaignOutcomes(em: EntityManager, organizationId: string, campaignIds: readonly string[]): Promise<CampaignOutcomes[]> {
  const buckets = rollupBuckets('campaign_id, delivered, undelivered, failed', 'organization_id = ? and test = false and campaign_id = any(?::uuid[])', [
    organizationId,
    pgArray(campaignIds),
  ]);
  return rows<CampaignOutcomes>(
    em,
    `select campaign_id, sum(delivered)::int as delivered, sum(undelivered)::int as undelivered, sum(failed)::int as failed
     from ${buckets.sql} b group by campaign_id`,
    buckets.params,
  );
}
