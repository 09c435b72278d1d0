// Feeding: recipients of sending campaigns become messages in audience order, in batches, each drawing its share.
import { newId } from '../../db/ids.ts';
import { onOwnClient, type CampaignPool } from '../../db/campaigns/own-client.ts';
import { claimCampaignToFeed, nextRecipients } from '../../db/campaigns/feed.ts';
import type { CampaignRef } from '../../db/campaigns/launched.ts';
import { recordFedBatch } from '../../db/campaigns/feed-batch.ts';
import { isWindowOpen, type SendingWindowSettings } from '../../domain/sending-window.ts';
import { needsConsent } from '../../domain/consent.ts';
import { releaseShares, shareOf } from './campaign-progress.ts';

/** Recipients fed in one transaction. */
export const FEED_BATCH = 1000;
/**
 * Messages of one campaign waiting for the dispatcher at most: feeding stays just ahead of dispatch,
 * so a cancel has little to cancel and recipients who opt out meanwhile are still skipped.
 */
export const MAX_QUEUED_PER_CAMPAIGN = 4000;

/**
 * Feeds one batch of one campaign in one transaction: queued recipients get a message (accepted,
 * its share held, expiring with the campaign); those who opted out or (promotional) lost consent
 * since the quote are skipped and their shares released in one ledger entry. Returns the number of
 * recipients fed, 0 when no campaign needed feeding. The campaign is the oldest that needs it, or only `only`.
 */
export async function feedOnce(pool: CampaignPool, now: Date, window: SendingWindowSettings, batch = FEED_BATCH, only?: CampaignRef): Promise<number> {
  return onOwnClient(pool, async (tx) => {
    // Promotional campaigns are fed only while the sending window is open; a campaign's queue stays short.
    const queue = { countTo: MAX_QUEUED_PER_CAMPAIGN, room: MAX_QUEUED_PER_CAMPAIGN - FEED_BATCH / 2 };
    const c = await claimCampaignToFeed(tx, now, isWindowOpen(window, now), queue, only);
    if (!c) return 0;
    const found = await nextRecipients(tx, c, batch, needsConsent(c.traffic_class));
    const share = shareOf(c);
    const fed = found.map((r) => {
      const status = r.opted_out ? 'skipped_opted_out' : r.consented ? 'queued' : 'skipped_no_consent';
      return { n: r.n, phone: r.phone, status, id: status === 'queued' ? newId() : null };
    });
    const last = found.length ? found[found.length - 1]!.n : c.audience_size!;
    await recordFedBatch(tx, c, fed, { share, first: found[0]?.n ?? 0, last, finished: found.length < batch, now });
    const skipped = fed.filter((r) => r.status !== 'queued').length;
    await releaseShares(tx, c, skipped, `${skipped} recipients skipped (opted out or no consent)`, now);
    // A claimed campaign with nothing left still counts as work done: its fed_through moved to the end.
    return Math.max(found.length, 1);
  });
}

/** Feeds until no campaign needs it now (tests; the worker feeds each campaign in its own job, run-campaign.ts). */
export async function feedAll(pool: CampaignPool, now: Date, window: SendingWindowSettings): Promise<number> {
  let total = 0;
  for (;;) {
    const fed = await feedOnce(pool, now, window);
    if (fed === 0) return total;
    total += fed;
  }
}
