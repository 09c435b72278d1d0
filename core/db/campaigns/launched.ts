// Launched campaigns on their own clients: locking one (a cancel, a due move), and settling what it has not sent.
import type { Launched } from './rows.ts';
import type { CampaignClient } from './own-client.ts';
import { exec, one, rows } from '../sql.ts';

/** Selects campaigns as Launched (`c`); the quote's columns are null for a campaign never launched. */
export const LAUNCHED_CAMPAIGNS = `select c.*, q.unit_amount, q.segments as quote_segments, q.encoding as quote_encoding
  from campaigns c left join campaign_quotes q on q.organization_id = c.organization_id and q.id = c.launch_quote_id`;

/** The campaign, locked for the transaction (a cancel); undefined when the organization has none of that id. */
export function lockLaunchedCampaign(tx: CampaignClient, organizationId: string, id: string): Promise<Launched | undefined> {
  return one<Launched>(tx, `${LAUNCHED_CAMPAIGNS} where c.organization_id = ? and c.id = ? for update of c`, [organizationId, id]);
}

/** Messages of campaign `c` accepted and not yet answered (queued or in flight), as a condition. */
export const ANY_ACCEPTED = "exists (select 1 from messages m where m.organization_id = c.organization_id and m.campaign_id = c.id and m.status = 'accepted')";
const NOTHING_ACCEPTED = `not ${ANY_ACCEPTED}`;

/** The campaigns a move of the clock or of progress is due for, as conditions on `c` and their parameters. */
const DUE = {
  start: (now: Date) => ({ where: "c.status = 'scheduled' and c.starts_at <= ? and c.expires_at > ?", params: [now, now] }),
  expire: (now: Date) => ({
    where:
      "c.status in ('scheduled', 'sending') and c.expires_at <= ? and (c.fed_through < c.audience_size or c.status = 'scheduled' or exists (select 1 from messages m where m.organization_id = c.organization_id and m.campaign_id = c.id and message_queued(m)))",
    params: [now],
  }),
  complete: () => ({ where: `c.status = 'sending' and c.fed_through >= c.audience_size and ${NOTHING_ACCEPTED}`, params: [] }),
  finish_cancel: () => ({ where: `c.status = 'cancelling' and ${NOTHING_ACCEPTED}`, params: [] }),
} satisfies Record<string, (now: Date) => { where: string; params: unknown[] }>;

export type DueMove = keyof typeof DUE;

/** One campaign: the campaign job's own (workers/tasks/campaign.ts). */
export interface CampaignRef {
  organizationId: string;
  id: string;
}

/**
 * One campaign the move is due for (of all, or only `only`), locked; side-by-side workers skip each other's
 * (SKIP LOCKED).
 */
export function claimDueCampaign(tx: CampaignClient, due: DueMove, now: Date, only?: CampaignRef): Promise<Launched | undefined> {
  const { where, params } = DUE[due](now);
  const ofOne = only ? ' and c.organization_id = ? and c.id = ?' : '';
  return one<Launched>(tx, `${LAUNCHED_CAMPAIGNS} where ${where}${ofOne} limit 1 for update of c skip locked`, only ? [...params, only.organizationId, only.id] : params);
}

/** Every recipient still pending takes `status` (expired or cancelled), its share marked released. Returns how many. */
export async function settlePendingRecipients(tx: CampaignClient, c: Launched, status: 'expired' | 'cancelled', now: Date): Promise<number> {
  const [done] = await rows<{ n: string }>(
    tx,
    `with settled as (
       update campaign_recipients set status = ?, released = true, updated_at = ?, final_at = ?
       where organization_id = ? and quote_id = ? and n > ? and status = 'pending'
       returning 1
     )
     select count(*) as n from settled`,
    [status, now, now, c.organization_id, c.launch_quote_id, c.fed_through],
  );
  return Number(done?.n ?? 0);
}

/** Feeding ends: the campaign counts as fed through its whole audience. */
export async function endFeeding(tx: CampaignClient, c: Pick<Launched, 'organization_id' | 'id'>, now: Date): Promise<void> {
  await exec(tx, 'update campaigns set fed_through = audience_size, updated_at = ? where organization_id = ? and id = ?', [now, c.organization_id, c.id]);
}

/** The campaign's queued messages, locked in id order: the lock re-reads each row, so one a dispatcher marked meanwhile drops out. */
export async function lockQueuedMessages(tx: CampaignClient, c: Pick<Launched, 'organization_id' | 'id'>): Promise<string[]> {
  const queued = await rows<{ id: string }>(
    tx,
    'select id from messages m where organization_id = ? and campaign_id = ? and message_queued(m) order by id for update',
    [c.organization_id, c.id],
  );
  return queued.map((m) => m.id);
}

/** Messages of the campaign a dispatcher has started to submit and that have no answer yet. */
export async function countInFlight(tx: CampaignClient, c: Pick<Launched, 'organization_id' | 'id'>): Promise<number> {
  const inFlight = await one<{ n: string }>(
    tx,
    "select count(*) as n from messages where organization_id = ? and campaign_id = ? and status = 'accepted' and submit_started_at is not null",
    [c.organization_id, c.id],
  );
  return Number(inFlight?.n ?? 0);
}
