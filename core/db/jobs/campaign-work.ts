// Whether campaign work exists, for the tasks that come back by themselves while it does (workers/repeating-task.ts)
// and for what starts them: two index probes of campaigns_active (migration 0004).
import type { Runner } from '../sql.ts';
import { one } from '../sql.ts';

export interface CampaignWork {
  /** A campaign that progress may move: scheduled (its start or expiry to come), sending, or cancelling. */
  live: boolean;
  /** A sending campaign, unexpired, with recipients not yet fed (its queue may be full, or the window shut). */
  toFeed: boolean;
}

export async function campaignWork(runner: Runner, now: Date): Promise<CampaignWork> {
  const row = await one<{ live: boolean; to_feed: boolean }>(
    runner,
    `select exists (select 1 from campaigns c where c.status in ('scheduled', 'sending', 'cancelling')) as live,
       exists (select 1 from campaigns c where c.status = 'sending' and c.fed_through < c.audience_size and c.expires_at > ?) as to_feed`,
    [now],
  );
  return { live: row?.live === true, toFeed: row?.to_feed === true };
}
