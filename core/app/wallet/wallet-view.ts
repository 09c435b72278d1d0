// The wallet as callers see it (GET /v1/wallet, the dashboard, GraphQL, the wallet.low_balance event), and the
// event a movement writes when it takes the available balance below the low-balance threshold.
import type { WalletBalance } from '../../domain/ledger.ts';
import { fellBelowThreshold } from '../../domain/ledger.ts';
import { cents, iso } from '../../db/sql.ts';
import type { OutboxEvent } from '../../db/messages/outbox.ts';

export interface WalletState {
  available: string | bigint;
  held: string | bigint;
  frozen: boolean;
  low_balance_threshold: string | bigint | null;
  updated_at: Date | string | null;
}

export function walletResource(row: WalletState) {
  const available = cents(row.available);
  const threshold = row.low_balance_threshold === null ? null : cents(row.low_balance_threshold);
  return {
    currency: 'TZS',
    unit: 'cents',
    available,
    held: cents(row.held),
    frozen: row.frozen,
    low_balance_threshold: threshold,
    low_balance: threshold !== null && available < threshold,
    test: false,
    updated_at: iso(row.updated_at),
  };
}

/** The wallet.low_balance event when a movement from `before` to `after` falls below the threshold, else none. */
export function lowBalanceEvents(organizationId: string, before: WalletState, after: WalletBalance, at: Date): OutboxEvent[] {
  const threshold = before.low_balance_threshold === null ? null : BigInt(before.low_balance_threshold);
  if (!fellBelowThreshold(BigInt(before.available), after.available, threshold)) return [];
  const data = walletResource({ ...before, available: after.available, held: after.held, updated_at: at });
  return [{ organizationId, type: 'wallet.low_balance', subjectId: organizationId, data }];
}
