// The one order in which transactions lock rows. A transaction may skip steps but never goes back to an
// earlier one, and within a step it locks rows sorted by their key, so no two transactions can wait on each
// other in a circle (the send batcher, the dispatcher's answers and receipts, timers, feeding, launch, cancel):
//
//   1. idempotency_records   by (organization_id, operation, key)
//   2. rate_buckets          by key
//   3. organizations         by id
//   4. campaigns             by (organization_id, id); top_up_requests by id (an operator's credit)
//   5. messages              by (organization_id, id), with their attempts
//   6. wallets               by organization_id
//
// Wallets come last because every writer of money shares them: taken last, they are held the shortest.
// Inserting new rows takes no lock anyone else waits for. What still meets a deadlock or a serialization
// failure (an order kept by a plan PostgreSQL chose) is retried whole: see contention.ts.
import type { Runner } from './sql.ts';
import { exec, pgArray, prepared, rows } from './sql.ts';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Keys in lock order: sorted, each once. */
export function inLockOrder(keys: Iterable<string>): string[] {
  return [...new Set(keys)].sort(compare);
}

/** Step 6 inside a larger statement: the wallets of the organizations an array expression names, locked in order. */
export const lockWalletsOf = (organizationIds: string) => `select * from wallets where organization_id = any(${organizationIds}) order by organization_id for update`;

/**
 * Step 3: the organization's row, locked until the transaction ends. What is counted or checked across the
 * organization under it (drafts, webhook endpoints, an owner that remains, the address book's names and its one
 * import at a time) stays exact, since a second transaction doing the same waits here.
 */
export async function lockOrganization(db: Runner, organizationId: string): Promise<void> {
  await exec(db, 'select 1 from organizations where id = ? for update', [organizationId]);
}

const LOCK_WALLETS = prepared('lock-wallets', lockWalletsOf('?::uuid[]'));

/** Step 6: the wallets of these organizations, locked in organization order, in one statement. */
export async function lockWallets<T extends { organization_id: string }>(db: Runner, organizationIds: Iterable<string>): Promise<Map<string, T>> {
  const ids = inLockOrder(organizationIds);
  if (ids.length === 0) return new Map();
  const locked = await rows<T>(db, LOCK_WALLETS, [pgArray(ids)]);
  return new Map(locked.map((w) => [w.organization_id, w]));
}

/** Step 5: rows of messages, locked in (organization, id) order; the statement's select list is the caller's. */
export const LOCK_MESSAGES_ORDER = 'order by m.organization_id, m.id for update of m';
