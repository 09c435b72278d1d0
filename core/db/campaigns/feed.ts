// Feeding's reads: the next sending campaign to feed, locked, and its next recipients with what decides each now.
import type { Launched } from './rows.ts';
import type { CampaignClient } from './own-client.ts';
import { LAUNCHED_CAMPAIGNS, type CampaignRef } from './launched.ts';
import { one, rows } from '../sql.ts';

/** A recipient about to be fed: whether its number has an active opt-out, and (when asked) consents. */
export interface Candidate {
  n: number;
  phone: string;
  opted_out: boolean;
  consented: boolean;
}

/**
 * A sending campaign with recipients left, fewer than `room` messages waiting for the dispatcher (counted no further
 * than `countTo`), unexpired, and (promotional) the window open, locked so that feeders side by side never take the
 * same campaign (SKIP LOCKED). Of all campaigns, oldest start first, or only `only`.
 */
export function claimCampaignToFeed(
  tx: CampaignClient,
  now: Date,
  windowOpen: boolean,
  queue: { countTo: number; room: number },
  only?: CampaignRef,
): Promise<Launched | undefined> {
  return one<Launched>(
    tx,
    `${LAUNCHED_CAMPAIGNS}
     where c.status = 'sending' and c.fed_through < c.audience_size and c.expires_at > ?
       and not waits_for_window(c.traffic_class, ?)
       and (select count(*) from (select 1 from messages m where m.organization_id = c.organization_id and m.campaign_id = c.id and m.status = 'accepted' limit ?) q) < ?
       ${only ? 'and c.organization_id = ? and c.id = ?' : ''}
     order by c.starts_at, c.id
     limit 1
     for update of c skip locked`,
    only ? [now, windowOpen, queue.countTo, queue.room, only.organizationId, only.id] : [now, windowOpen, queue.countTo, queue.room],
  );
}

/** The next recipients in audience order, each with an active opt-out, and consent when the class needs it. */
export function nextRecipients(tx: CampaignClient, c: Launched, limit: number, consentNeeded: boolean): Promise<Candidate[]> {
  const consent = consentNeeded ? '(select consented from number_consented(r.organization_id, r.phone))' : 'true';
  return rows<Candidate>(
    tx,
    `select r.n, r.phone, exists (select 1 from active_opt_out(r.organization_id, r.phone)) as opted_out, ${consent} as consented
     from campaign_recipients r
     where r.organization_id = ? and r.quote_id = ? and r.n > ? and r.status = 'pending'
     order by r.n limit ?`,
    [c.organization_id, c.launch_quote_id, c.fed_through, limit],
  );
}
