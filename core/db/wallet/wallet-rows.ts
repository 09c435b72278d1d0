// A wallet's row apart from its balances (those move only through wallets.ts): opening it, freezing it, and the
// low-balance threshold.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, one } from '../sql.ts';

/** A new organization's wallet: every balance starts at zero (the table's defaults). */
export async function openWallet(em: EntityManager, organizationId: string, at: Date): Promise<void> {
  await exec(em, 'insert into wallets (organization_id, updated_at) values (?, ?)', [organizationId, at]);
}

export async function updateWalletFrozen(em: EntityManager, organizationId: string, frozen: boolean, at: Date): Promise<void> {
  await exec(em, 'update wallets set frozen = ?, updated_at = ? where organization_id = ?', [frozen, at, organizationId]);
}

/** The threshold as it is, the wallet locked until the transaction ends, so that concurrent changes audit in turn. */
export function lockLowBalanceThreshold(em: EntityManager, organizationId: string): Promise<{ low_balance_threshold: string | null } | undefined> {
  return one<{ low_balance_threshold: string | null }>(em, 'select low_balance_threshold from wallets where organization_id = ? for update', [organizationId]);
}

export async function updateLowBalanceThreshold(em: EntityManager, organizationId: string, threshold: number | null): Promise<void> {
  await exec(em, 'update wallets set low_balance_threshold = ? where organization_id = ?', [threshold, organizationId]);
}
