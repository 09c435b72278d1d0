// Campaign quotes: reading them, keeping a new one, and naming it the draft's latest.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { QuoteRow } from './rows.ts';
import { exec, one, pgArray, rows } from '../sql.ts';

/** The organization's quote of that id; null for no id or an unknown one. */
export async function findQuote(em: EntityManager, organizationId: string, id: string | null): Promise<QuoteRow | null> {
  if (!id) return null;
  return (await one<QuoteRow>(em, 'select * from campaign_quotes where organization_id = ? and id = ?', [organizationId, id])) ?? null;
}

/** The organization's quotes of these ids, in one read. */
export function findQuotes(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<QuoteRow[]> {
  return rows<QuoteRow>(em, 'select * from campaign_quotes where organization_id = ? and id = any(?::uuid[])', [organizationId, pgArray(ids)]);
}

export type NewQuote = Omit<QuoteRow, 'stale_at'>;

export async function insertQuote(em: EntityManager, q: NewQuote): Promise<void> {
  await exec(
    em,
    `insert into campaign_quotes (id, organization_id, campaign_id, campaign_version, group_ids, memberships, eligible, duplicates, opted_out,
       no_consent, traffic_class, encoding, segments, sms_route, price_plan_id, unit_amount, total, created_at, expires_at)
     values (?, ?, ?, ?, ?::uuid[], ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      q.id, q.organization_id, q.campaign_id, q.campaign_version, pgArray(q.group_ids), q.memberships, q.eligible, q.duplicates, q.opted_out,
      q.no_consent, q.traffic_class, q.encoding, q.segments, q.sms_route, q.price_plan_id, q.unit_amount, q.total,
      q.created_at, q.expires_at,
    ],
  );
}

/** The quote becomes the draft's latest. */
export async function setLatestQuote(em: EntityManager, c: { organization_id: string; id: string }, quoteId: string): Promise<void> {
  await exec(em, 'update campaigns set quote_id = ? where organization_id = ? and id = ?', [quoteId, c.organization_id, c.id]);
}
