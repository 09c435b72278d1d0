// What decides when a campaign's job comes back (core/app/campaigns/run-campaign.ts): its status, its start and
// expiry, whether recipients are left to feed and whether messages of it still wait for an answer. One statement.
import type { CampaignStatus } from '../../domain/campaign-states.ts';
import type { TrafficClass } from '../../domain/pricing.ts';
import { ANY_ACCEPTED, type CampaignRef } from './launched.ts';
import type { Runner } from '../sql.ts';
import { one } from '../sql.ts';

export interface CampaignClock {
  status: CampaignStatus;
  traffic_class: TrafficClass;
  starts_at: Date | null;
  expires_at: Date | null;
  /** Recipients not yet fed. */
  to_feed: boolean;
  /** Messages accepted and not yet answered (queued, or in flight). */
  unanswered: boolean;
}

export function readCampaignClock(db: Runner, c: CampaignRef): Promise<CampaignClock | undefined> {
  return one<CampaignClock>(
    db,
    `select c.status, c.traffic_class, c.starts_at, c.expires_at, coalesce(c.fed_through < c.audience_size, false) as to_feed,
       ${ANY_ACCEPTED} as unanswered
     from campaigns c where c.organization_id = ? and c.id = ?`,
    [c.organizationId, c.id],
  );
}
