// One fed batch in one statement: the queued recipients' messages, every recipient's mark, and the campaign's progress.
import type { Launched } from './rows.ts';
import type { CampaignClient } from './own-client.ts';
import { exec } from '../sql.ts';

/** A recipient as fed: queued (with its new message's id) or skipped (opted out, no consent). */
export interface FedRecipient {
  n: number;
  phone: string;
  status: string;
  id: string | null;
}

/**
 * Queued recipients get a message (accepted, its share held, expiring with the campaign); every recipient of the
 * batch (n from `first` to `last`) takes its status; the campaign is fed through `last`, or through its whole
 * audience once `finished`, and counts the recipients it reached and the messages it made.
 */
export async function recordFedBatch(
  tx: CampaignClient,
  c: Launched,
  fed: FedRecipient[],
  batch: { share: bigint; first: number; last: number; finished: boolean; now: Date },
): Promise<void> {
  const { share, first, last, finished, now } = batch;
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
     update campaigns set fed_through = case when ? then audience_size else ? end,
       recipients_fed = recipients_fed + ?, messages_made = messages_made + ?, updated_at = ?
     where organization_id = ? and id = ?`,
    [
      JSON.stringify(fed),
      c.organization_id, c.sender, c.body, c.traffic_class, `${c.id}/`, c.quote_encoding, c.quote_segments, c.unit_amount, share.toString(), c.id, c.launched_by,
      now, c.expires_at, now, now,
      now, now, now, c.organization_id, c.launch_quote_id, first, last,
      finished, last, fed.length, fed.filter((r) => r.status === 'queued').length, now, c.organization_id, c.id,
    ],
  );
}
