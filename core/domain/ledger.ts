// Wallet arithmetic: each money movement as a pure step that keeps credited = available + held + captured.
import { fail, ok, type Result } from './errors.ts';

/**
 * All amounts in cents. `credited` is the running sum of top-ups and adjustments, so the
 * invariant credited = available + held + captured says no cent is made or lost by a move.
 */
export interface WalletBalance {
  available: bigint;
  held: bigint;
  captured: bigint;
  credited: bigint;
}

/**
 * refund: a captured share given back to available (a campaign message the provider failed after accepting it);
 * release is always held money going back.
 */
export const LEDGER_KINDS = ['top_up', 'hold', 'capture', 'release', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  /** Positive for every kind except adjustment, which is signed; a hold may be zero. */
  amount: bigint;
  availableAfter: bigint;
  heldAfter: bigint;
}

export interface LedgerMove {
  balance: WalletBalance;
  entry: LedgerEntry;
}

export const EMPTY_WALLET: Readonly<WalletBalance> = Object.freeze({
  available: 0n,
  held: 0n,
  captured: 0n,
  credited: 0n,
});

export function checkInvariant(b: WalletBalance): boolean {
  return (
    b.available >= 0n &&
    b.held >= 0n &&
    b.captured >= 0n &&
    b.credited === b.available + b.held + b.captured
  );
}

// A balance that already breaks the invariant means a corrupt row or a bug upstream:
// moving money on top of it would only hide the damage.
function assertBalance(b: WalletBalance): void {
  if (!checkInvariant(b)) {
    throw new Error(
      `wallet balance breaks its invariant: available=${b.available} held=${b.held} captured=${b.captured} credited=${b.credited}`,
    );
  }
}

function assertAmount(kind: LedgerKind, amount: bigint, allowZero: boolean): void {
  if (typeof amount !== 'bigint' || amount < 0n || (!allowZero && amount === 0n)) {
    throw new Error(`${kind} amount must be a ${allowZero ? 'non-negative' : 'positive'} bigint, got ${String(amount)}`);
  }
}

function moved(kind: LedgerKind, amount: bigint, balance: WalletBalance): Result<LedgerMove> {
  return ok({ balance, entry: { kind, amount, availableAfter: balance.available, heldAfter: balance.held } });
}

/** Money paid in. Input schemas refuse non-positive amounts, so one reaching here is a bug. */
export function topUp(b: WalletBalance, amount: bigint): Result<LedgerMove> {
  assertBalance(b);
  assertAmount('top_up', amount, false);
  return moved('top_up', amount, { ...b, available: b.available + amount, credited: b.credited + amount });
}

/**
 * Reserves money for a send or a campaign launch. Zero is allowed because a price plan may
 * rate a class at zero cents, and the message must still follow the same hold/capture path.
 */
export function hold(b: WalletBalance, amount: bigint): Result<LedgerMove> {
  assertBalance(b);
  assertAmount('hold', amount, true);
  if (b.available < amount) {
    return fail('insufficient_funds', 'The wallet does not have enough available balance for this amount.');
  }
  return moved('hold', amount, { ...b, available: b.available - amount, held: b.held + amount });
}

/** Charges held money once the provider accepts a message. More than is held is a bug. */
export function capture(b: WalletBalance, amount: bigint): Result<LedgerMove> {
  assertBalance(b);
  assertAmount('capture', amount, true);
  if (amount > b.held) throw new Error(`capture of ${amount} exceeds held ${b.held}`);
  return moved('capture', amount, { ...b, held: b.held - amount, captured: b.captured + amount });
}

/** Returns held money to available (failed, expired, cancelled or skipped). More than is held is a bug. */
export function release(b: WalletBalance, amount: bigint): Result<LedgerMove> {
  assertBalance(b);
  assertAmount('release', amount, true);
  if (amount > b.held) throw new Error(`release of ${amount} exceeds held ${b.held}`);
  return moved('release', amount, { ...b, held: b.held - amount, available: b.available + amount });
}

/**
 * Gives a captured share back to available: a campaign message the provider failed after accepting it (SPEC.md's
 * message table: its share is released). More than is captured is a bug.
 */
export function refund(b: WalletBalance, amount: bigint): Result<LedgerMove> {
  assertBalance(b);
  assertAmount('refund', amount, true);
  if (amount > b.captured) throw new Error(`refund of ${amount} exceeds captured ${b.captured}`);
  return moved('refund', amount, { ...b, captured: b.captured - amount, available: b.available + amount });
}

/**
 * An operator's correction: a signed credit. A negative one may only take back money that
 * is still available; held and captured money belongs to messages and is never clawed back here.
 */
export function adjust(b: WalletBalance, signedAmount: bigint): Result<LedgerMove> {
  assertBalance(b);
  if (typeof signedAmount !== 'bigint' || signedAmount === 0n) {
    throw new Error(`adjustment amount must be a non-zero bigint, got ${String(signedAmount)}`);
  }
  if (b.available + signedAmount < 0n) {
    return fail('insufficient_funds', 'The adjustment would make the available balance negative.', {
      field: 'amount',
    });
  }
  return moved('adjustment', signedAmount, {
    ...b,
    available: b.available + signedAmount,
    credited: b.credited + signedAmount,
  });
}

/**
 * Whether a change of the available balance falls below the wallet's low-balance threshold (null: no alert). Only
 * the fall from at or above to below counts, so one fall alerts once; a top-up back above it arms the next.
 */
export function fellBelowThreshold(availableBefore: bigint, availableAfter: bigint, threshold: bigint | null): boolean {
  return threshold !== null && availableBefore >= threshold && availableAfter < threshold;
}
