// Feeding: recipients of sending campaigns become messages in audience order, in batches, each drawing its share.
import type { Pool, PoolClient } from 'pg';
import { newId } from '../../db/ids.ts';
import { exec, nativeTransaction, one, rows } from '../../db/sql.ts';
import { isWindowOpen, type SendingWindowSettings } from '../../domain/sending-window.ts';
import { needsConsent } from '../../domain/consent.ts';
import { LAUNCHED_CAMPAIGNS, releaseShares, shareOf, type Launched } from './campaign-progress.ts';

/** Recipients fed in one transaction. */
export const FEED_BATCH = 1000;
/**
 * Messages of one campaign waiting for the dispatcher at most: feeding stays just ahead of dispatch,
 * so a cancel has little to cancel and recipients who opt out meanwhile are still skipped.
 */
export const MAX_QUEUED_PER_CAMPAIGN = 4000;

interface Candidate {
  n: number;
  phone: string;
  opted_out: boolean;
  consented: boolean;
}

/**
 * A sending campaign with recipients left, room in its queue, unexpired, and (promotional) the window
 * open, locked so that feeders side by side never take the same campaign (SKIP LOCKED).
 */
async function claimCampaign(tx: PoolClient, now: Date, windowOpen: boolean): Promise<Launched | undefined> {
  return one<Launched>(
    tx,
    `${LAUNCHED_CAMPAIGNS}
     where c.status = 'sending' and c.fed_through < c.audience_size and c.expires_at > ?
       and not waits_for_window(c.traffic_class, ?)
       and (select count(*) from (select 1 from messages m where m.organization_id = c.organization_id and m.campaign_id = c.id and m.status = 'accepted' limit ?) q) < ?
     order by c.starts_at, c.id
     limit 1
     for update of c skip locked`,
    [now, windowOpen, MAX_QUEUED_PER_CAMPAIGN, MAX_QUEUED_PER_CAMPAIGN - FEED_BATCH / 2],
  );
}

/** The next recipients in audience order, each with what decides it now: an active opt-out, and (promotional) consent. */
function nextRecipients(tx: PoolClient, c: Launched, limit: number): Promise<Candidate[]> {
  const consent = needsConsent(c.traffic_class) ? '(select consented from number_consented(r.organization_id, r.phone))' : 'true';
  return rows<Candidate>(
    tx,
    `select r.n, r.phone, exists (select 1 from active_opt_out(r.organization_id, r.phone)) as opted_out, ${consent} as consented
     from campaign_recipients r
     where r.organization_id = ? and r.quote_id = ? and r.n > ? and r.status = 'pending'
     order by r.n limit ?`,
    [c.organization_id, c.launch_quote_id, c.fed_through, limit],
  );
}

/**
 * Feeds one batch of one campaign in one transaction: queued recipients get a message (accepted,
 * its share held, expiring with the campaign); those who opted out or (promotional) lost consent
 * since the quote are skipped and their shares released in one ledger entry. Returns the number of
 * recipients fed, 0 when no campaign needed feeding.
 */
export async function feedOnce(pool: Pool, now: Date, window: SendingWindowSettings, batch = FEED_BATCH): Promise<number> {
  return nativeTransaction(pool, async (tx) => {
    // Promotional campaigns are fed only while the sending window is open.
    const c = await claimCampaign(tx, now, isWindowOpen(window, now));
    if (!c) return 0;
    const found = await nextRecipients(tx, c, batch);
    const share = shareOf(c);
    const fed = found.map((r) => {
      const status = r.opted_out ? 'skipped_opted_out' : r.consented ? 'queued' : 'skipped_no_consent';
      return { n: r.n, phone: r.phone, status, id: status === 'queued' ? newId() : null };
    });
    const last = found.length ? found[found.length - 1]!.n : c.audience_size!;
    await exec(
      tx,
      `with x as (select * from jsonb_to_recordset(?::jsonb) as x(n int, phone text, status text, id uuid)),
       -- Data-modifying parts run once each whether or not the final statement reads them.
       queued as (
         insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
           unit_amount, total, charge, campaign_id, member_id, dispatch_after, expires_at, created_at, updated_at)
         select x.id, ?, false, 'accepted', x.phone, ?, ?, ?, ? || x.n, ?, ?, ?, ?, 'held', ?, ?, ?, ?, ?, ?
         from x where x.status = 'queued'
         returning 1
       ), marked as (
         update campaign_recipients r set status = x.status, message_id = x.id, released = (x.status <> 'queued'),
           queued_at = case when x.status = 'queued' then ?::timestamptz end, updated_at = ?,
           final_at = case when x.status <> 'queued' then ?::timestamptz end
         -- The batch's range of n bounds the key scan whatever the planner thinks of the join.
         from x where r.organization_id = ? and r.quote_id = ? and r.n between ? and ? and r.n = x.n
         returning 1
       )
       update campaigns set fed_through = case when ? then audience_size else ? end, updated_at = ?
       where organization_id = ? and id = ?`,
      [
        JSON.stringify(fed),
        c.organization_id, c.sender, c.body, c.traffic_class, `${c.id}/`, c.quote_encoding, c.quote_segments, c.unit_amount, share.toString(), c.id, c.launched_by,
        now, c.expires_at, now, now,
        now, now, now, c.organization_id, c.launch_quote_id, found[0]?.n ?? 0, last,
        found.length < batch, last, now, c.organization_id, c.id,
      ],
    );
    const skipped = fed.filter((r) => r.status !== 'queued').length;
    await releaseShares(tx, c, skipped, `${skipped} recipients skipped (opted out or no consent)`, now);
    // A claimed campaign with nothing left still counts as work done: its fed_through moved to the end.
    return Math.max(found.length, 1);
  });
}

/** Feeds until no campaign needs it now (tests and the operator's tick; the worker runs feedOnce in a loop). */
export async function feedAll(pool: Pool, now: Date, window: SendingWindowSettings): Promise<number> {
  let total = 0;
  for (;;) {
    const fed = await feedOnce(pool, now, window);
    if (fed === 0) return total;
    total += fed;
  }
}
