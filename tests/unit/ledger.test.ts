import { describe, expect, it } from 'vitest';
import {
  EMPTY_WALLET,
  adjust,
  capture,
  checkInvariant,
  hold,
  release,
  refund,
  topUp,
  type LedgerKind,
  type LedgerMove,
  type WalletBalance,
} from '../../core/domain/ledger.ts';
import type { Result } from '../../core/domain/errors.ts';

const w = (available: bigint, held: bigint, captured: bigint): WalletBalance => ({
  available,
  held,
  captured,
  credited: available + held + captured,
});

type Op = (b: WalletBalance, amount: bigint) => Result<LedgerMove>;
const ops: Record<LedgerKind, Op> = { top_up: topUp, hold, capture, release, refund, adjustment: adjust };

describe('ledger moves', () => {
  const cases: Array<{ kind: LedgerKind; from: WalletBalance; amount: bigint; to: WalletBalance }> = [
    { kind: 'top_up', from: EMPTY_WALLET, amount: 10_000n, to: w(10_000n, 0n, 0n) },
    { kind: 'top_up', from: w(5n, 3n, 2n), amount: 1n, to: w(6n, 3n, 2n) },
    { kind: 'hold', from: w(10_000n, 0n, 0n), amount: 2_500n, to: w(7_500n, 2_500n, 0n) },
    { kind: 'hold', from: w(2_500n, 0n, 0n), amount: 2_500n, to: w(0n, 2_500n, 0n) },
    { kind: 'hold', from: w(0n, 0n, 0n), amount: 0n, to: w(0n, 0n, 0n) },
    { kind: 'capture', from: w(7_500n, 2_500n, 0n), amount: 2_500n, to: w(7_500n, 0n, 2_500n) },
    { kind: 'capture', from: w(0n, 5_000n, 100n), amount: 1_800n, to: w(0n, 3_200n, 1_900n) },
    { kind: 'capture', from: w(0n, 0n, 0n), amount: 0n, to: w(0n, 0n, 0n) },
    { kind: 'release', from: w(7_500n, 2_500n, 0n), amount: 2_500n, to: w(10_000n, 0n, 0n) },
    { kind: 'release', from: w(0n, 5_000n, 0n), amount: 1_800n, to: w(1_800n, 3_200n, 0n) },
    { kind: 'refund', from: w(100n, 50n, 700n), amount: 70n, to: w(170n, 50n, 630n) },
    { kind: 'refund', from: w(0n, 0n, 70n), amount: 70n, to: w(70n, 0n, 0n) },
    { kind: 'adjustment', from: w(100n, 50n, 25n), amount: 30n, to: w(130n, 50n, 25n) },
    { kind: 'adjustment', from: w(100n, 50n, 25n), amount: -100n, to: w(0n, 50n, 25n) },
  ];
  it.each(cases)('$kind of $amount', ({ kind, from, amount, to }) => {
    const r = ops[kind](from, amount);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.balance).toEqual(to);
    expect(r.value.entry).toEqual({ kind, amount, availableAfter: to.available, heldAfter: to.held });
    expect(checkInvariant(r.value.balance)).toBe(true);
  });

  const refusals: Array<{ kind: LedgerKind; from: WalletBalance; amount: bigint; code: string }> = [
    { kind: 'hold', from: w(2_499n, 0n, 0n), amount: 2_500n, code: 'insufficient_funds' },
    { kind: 'hold', from: w(0n, 9_000n, 9_000n), amount: 1n, code: 'insufficient_funds' },
    { kind: 'adjustment', from: w(100n, 50n, 25n), amount: -101n, code: 'insufficient_funds' },
  ];
  it.each(refusals)('refuses $kind of $amount with $code, leaving the balance alone', ({ kind, from, amount, code }) => {
    const before = { ...from };
    const r = ops[kind](from, amount);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(from).toEqual(before);
  });

  const bugs: Array<{ name: string; call: () => unknown }> = [
    { name: 'zero top-up', call: () => topUp(EMPTY_WALLET, 0n) },
    { name: 'negative top-up', call: () => topUp(EMPTY_WALLET, -5n) },
    { name: 'negative hold', call: () => hold(w(10n, 0n, 0n), -1n) },
    { name: 'capture beyond held', call: () => capture(w(100n, 10n, 0n), 11n) },
    { name: 'negative capture', call: () => capture(w(0n, 10n, 0n), -1n) },
    { name: 'release beyond held', call: () => release(w(100n, 10n, 0n), 11n) },
    { name: 'refund beyond captured', call: () => refund(w(100n, 500n, 69n), 70n) },
    { name: 'negative release', call: () => release(w(0n, 10n, 0n), -1n) },
    { name: 'zero adjustment', call: () => adjust(w(1n, 0n, 0n), 0n) },
    { name: 'float amount', call: () => topUp(EMPTY_WALLET, 1.5 as unknown as bigint) },
    { name: 'a balance that breaks the invariant', call: () => topUp({ available: 1n, held: 0n, captured: 0n, credited: 2n }, 1n) },
    { name: 'a negative balance', call: () => hold({ available: -1n, held: 1n, captured: 0n, credited: 0n }, 0n) },
  ];

  it.each(bugs)('throws on $name', ({ call }) => {
    expect(call).toThrow(Error);
  });
});

describe('checkInvariant', () => {
  const cases: Array<{ b: WalletBalance; holds: boolean }> = [
    { b: EMPTY_WALLET, holds: true },
    { b: w(1n, 2n, 3n), holds: true },
    { b: { available: 1n, held: 2n, captured: 3n, credited: 7n }, holds: false },
    { b: { available: -1n, held: 1n, captured: 0n, credited: 0n }, holds: false },
    { b: { available: 1n, held: -1n, captured: 0n, credited: 0n }, holds: false },
    { b: { available: 1n, held: 0n, captured: -1n, credited: 0n }, holds: false },
  ];
  it.each(cases)('$b -> $holds', ({ b, holds }) => {
    expect(checkInvariant(b)).toBe(holds);
  });
});

// Deterministic PRNG (mulberry32) so a failing sequence can be replayed from its seed.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('random sequences of moves', () => {
  const seeds = [1, 7, 42, 2024, 31337, 99991];
  it.each(seeds)('seed %i keeps the invariant and conserves every cent', (seed) => {
    const rand = prng(seed);
    const upTo = (max: bigint): bigint => BigInt(Math.floor(rand() * (Number(max) + 1)));
    let b: WalletBalance = EMPTY_WALLET;
    let credits = 0n;
    let captures = 0n;
    for (let step = 0; step < 2_000; step += 1) {
      const pick = Math.floor(rand() * 6);
      let r: Result<LedgerMove>;
      if (pick === 0) r = topUp(b, 1n + upTo(5_000n));
      else if (pick === 1) r = hold(b, upTo(4_000n));
      else if (pick === 2) r = capture(b, upTo(b.held));
      else if (pick === 3) r = release(b, upTo(b.held));
      else if (pick === 4) r = adjust(b, upTo(3_000n) - 2_000n || 1n);
      else {
        const beyond = b.held + 1n + upTo(100n);
        expect(() => (rand() < 0.5 ? capture : release)(b, beyond)).toThrow(Error);
        continue;
      }
      if (!r.ok) {
        expect(r.error.code).toBe('insufficient_funds');
        continue;
      }
      const { balance, entry } = r.value;
      if (entry.kind === 'top_up' || entry.kind === 'adjustment') credits += entry.amount;
      if (entry.kind === 'capture') captures += entry.amount;
      expect(checkInvariant(balance)).toBe(true);
      expect(balance.available >= 0n && balance.held >= 0n && balance.captured >= 0n).toBe(true);
      expect([entry.availableAfter, entry.heldAfter]).toEqual([balance.available, balance.held]);
      b = balance;
    }
    expect(b.credited).toBe(credits);
    expect(b.captured).toBe(captures);
  });
});
