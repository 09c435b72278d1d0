// A draft's audience: the memberships its groups count, dropping a frozen audience, and the quote's time limit.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, one, pgArray } from '../sql.ts';

/** The draft's quote goes stale, the audience it froze is deleted, and the draft has no quote. */
export async function deleteAudience(em: EntityManager, c: { organization_id: string; id: string; quote_id: string }, at: Date): Promise<void> {
  await exec(em, 'update campaign_quotes set stale_at = coalesce(stale_at, ?) where organization_id = ? and id = ?', [at, c.organization_id, c.quote_id]);
  await exec(em, 'delete from campaign_recipients where organization_id = ? and quote_id = ?', [c.organization_id, c.quote_id]);
  await exec(em, 'update campaigns set quote_id = null where organization_id = ? and id = ?', [c.organization_id, c.id]);
}

/** Memberships of the groups, from their kept member counts (a number in two groups counts twice). */
export async function countMemberships(em: EntityManager, organizationId: string, groupIds: string[]): Promise<number> {
  const found = await one<{ n: string }>(em, 'select coalesce(sum(member_count), 0) as n from groups where organization_id = ? and id = any(?::uuid[])', [
    organizationId,
    pgArray(groupIds),
  ]);
  return Number(found?.n ?? 0);
}

/**
 * The statement timeout of the rest of the transaction, in whole milliseconds (0: none). Set local, so it ends
 * with the transaction; SET takes no parameters, hence the check that it is a whole number.
 */
export async function setLocalStatementTimeout(em: EntityManager, ms: number): Promise<void> {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`a statement timeout is a whole number of milliseconds, not ${ms}`);
  await exec(em, `set local statement_timeout = ${ms}`);
}
