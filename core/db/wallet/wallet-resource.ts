// The wallet as callers see it (GET /v1/wallet, the dashboard, GraphQL, the wallet.low_balance event), and the
// event a movement writes when it takes the available balance below the low-balance threshold. Here, beside the
// writes, because the movements of wallets.ts write that event in the statement that moves the money.
import type { WalletBalance } from '../../domain/ledger.ts';
import { fellBelowThreshold } from '../../domain/ledger.ts';
import { cents, iso } from '../../domain/values.ts';

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

/** An event for the outbox (messages' OutboxEvent): one organization's wallet.low_balance. */
export interface LowBalanceEvent {
  organizationId: string;
  type: 'wallet.low_balance';
  subjectId: string;
  data: ReturnType<typeof walletResource>;
}

/** The wallet.low_balance event when a movement from `before` to `after` falls below the threshold, else none. */
export function lowBalanceEvents(organizationId: string, before: WalletState, after: WalletBalance, at: Date): LowBalanceEvent[] {
  const threshold = before.low_balance_threshold === null ? null : BigInt(before.low_balance_threshold);
  if (!fellBelowThreshold(BigInt(before.available), after.available, threshold)) return [];
  const data = walletResource({ ...before, available: after.available, held: after.held, updated_at: at });
  return [{ organizationId, type: 'wallet.low_balance', subjectId: organizationId, data }];
}
