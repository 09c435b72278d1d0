// Wallet movements against the real database: one ledger entry per movement in the same transaction,
// refusals that change nothing, the schema's own guard on the invariant, and concurrent holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../core/app/context.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { setWalletFrozen } from '../../core/app/wallet/set-wallet-frozen.ts';
import { applyMovement, findWallet, type Movement, type MovementMeta } from '../../core/db/wallets.ts';
import { adjust, capture, hold, refund, release, topUp, type LedgerKind } from '../../core/domain/ledger.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { createOrg, operator, setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

interface WalletState {
  available: bigint;
  held: bigint;
  captured: bigint;
  credited: bigint;
  frozen: boolean;
}

interface EntryRow {
  id: string;
  kind: LedgerKind;
  amount: bigint;
  balance_after: bigint;
  held_after: bigint;
  reference: string | null;
  actor_type: string;
  actor_id: string | null;
  created_at: string;
}

async function newOrg(credit?: bigint): Promise<string> {
  const org = await createOrg(env, { members: {}, keys: {}, pricePlan: false, ...(credit ? { credit } : {}) });
  return org.id;
}

async function wallet(orgId: string): Promise<WalletState> {
  const [row] = await env.sql<Record<string, string | boolean>>('select * from wallets where organization_id = ?', [orgId]);
  if (!row) throw new Error('no wallet');
  return {
    available: BigInt(row.available as string),
    held: BigInt(row.held as string),
    captured: BigInt(row.captured as string),
    credited: BigInt(row.credited as string),
    frozen: row.frozen as boolean,
  };
}

async function entries(orgId: string): Promise<EntryRow[]> {
  const found = await env.sql<Record<string, unknown>>('select * from ledger_entries where organization_id = ? order by id', [orgId]);
  return found.map((r) => ({
    id: r.id as string,
    kind: r.kind as LedgerKind,
    amount: BigInt(r.amount as string),
    balance_after: BigInt(r.balance_after as string),
    held_after: BigInt(r.held_after as string),
    reference: r.reference as string | null,
    actor_type: r.actor_type as string,
    actor_id: r.actor_id as string | null,
    created_at: r.created_at as string,
  }));
}

async function auditEvents(orgId: string, action: string) {
  return env.sql<{ actor_type: string; actor_id: string | null; target_type: string; target_id: string; details: Record<string, unknown> }>(
    'select * from audit_events where organization_id = ? and action = ? order by id',
    [orgId, action],
  );
}

/** One movement in its own transaction through a fresh context, as a use case would run it. */
async function move(orgId: string, movement: Movement, meta: Partial<MovementMeta> = {}) {
  const ctx = await env.ctx();
  return inTransaction(ctx, (tx) => applyMovement(tx.em, orgId, movement, { actorType: 'system', actorId: null, at: tx.now, ...meta }));
}

/** Runs the ledger forward from an empty wallet, calling check with the balance after each entry. */
function replay(all: EntryRow[], check: (e: EntryRow, available: bigint, held: bigint) => void = () => {}): { available: bigint; held: bigint } {
  let available = 0n;
  let held = 0n;
  for (const e of all) {
    if (e.kind === 'top_up' || e.kind === 'adjustment') available += e.amount;
    if (e.kind === 'hold') {
      available -= e.amount;
      held += e.amount;
    }
    if (e.kind === 'capture') held -= e.amount;
    if (e.kind === 'release') {
      available += e.amount;
      held -= e.amount;
    }
    if (e.kind === 'refund') available += e.amount;
    check(e, available, held);
  }
  return { available, held };
}

const MOVES: Record<LedgerKind, (amount: bigint) => Movement> = {
  top_up: (a) => (b) => topUp(b, a),
  hold: (a) => (b) => hold(b, a),
  capture: (a) => (b) => capture(b, a),
  release: (a) => (b) => release(b, a),
  refund: (a) => (b) => refund(b, a),
  adjustment: (a) => (b) => adjust(b, a),
};

describe('every movement writes exactly one ledger entry with the balance after it', () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await newOrg();
  });

  // One sequence on one wallet: each step's expected state follows from the previous one.
  const steps: Array<{ kind: LedgerKind; amount: bigint; available: bigint; held: bigint; captured: bigint }> = [
    { kind: 'top_up', amount: 10_000n, available: 10_000n, held: 0n, captured: 0n },
    { kind: 'hold', amount: 3_000n, available: 7_000n, held: 3_000n, captured: 0n },
    { kind: 'capture', amount: 1_000n, available: 7_000n, held: 2_000n, captured: 1_000n },
    { kind: 'release', amount: 500n, available: 7_500n, held: 1_500n, captured: 1_000n },
    { kind: 'hold', amount: 0n, available: 7_500n, held: 1_500n, captured: 1_000n },
    { kind: 'adjustment', amount: -2_500n, available: 5_000n, held: 1_500n, captured: 1_000n },
    { kind: 'adjustment', amount: 1_000n, available: 6_000n, held: 1_500n, captured: 1_000n },
    { kind: 'hold', amount: 6_000n, available: 0n, held: 7_500n, captured: 1_000n },
    { kind: 'capture', amount: 7_500n, available: 0n, held: 0n, captured: 8_500n },
    { kind: 'refund', amount: 2_000n, available: 2_000n, held: 0n, captured: 6_500n },
  ];

  it.each(steps.map((s, i) => ({ ...s, step: i + 1 })))(
    'step $step: $kind of $amount leaves available $available, held $held',
    async ({ kind, amount, available, held, captured }) => {
      const before = await entries(orgId);
      const at = new Date(Date.UTC(2026, 10, 22, 9, 0, before.length));
      const { balance, entryId } = await move(orgId, MOVES[kind](amount), { reference: `${kind} ${amount}`, at, actorType: 'operator' });
      const credited = available + held + captured;
      expect(balance).toEqual({ available, held, captured, credited });
      expect(await wallet(orgId)).toEqual({ available, held, captured, credited, frozen: false });

      const after = await entries(orgId);
      expect(after).toHaveLength(before.length + 1);
      expect(after.slice(0, before.length)).toEqual(before);
      const entry = after[after.length - 1]!;
      expect(entry).toMatchObject({
        id: entryId,
        kind,
        amount,
        balance_after: available,
        held_after: held,
        reference: `${kind} ${amount}`,
        actor_type: 'operator',
        actor_id: null,
      });
      expect(new Date(entry.created_at).getTime()).toBe(at.getTime());
      const row = await findWallet((await env.ctx()).em, orgId);
      expect(new Date(row!.updated_at).getTime()).toBe(at.getTime());
    },
  );

  it('replaying the ledger reproduces the wallet', async () => {
    const { available, held } = replay(await entries(orgId), (e, a, h) => expect([e.balance_after, e.held_after]).toEqual([a, h]));
    const w = await wallet(orgId);
    expect([w.available, w.held]).toEqual([available, held]);
  });

  it('the entry and the balance commit or roll back together', async () => {
    const before = await wallet(orgId);
    const beforeEntries = await entries(orgId);
    const ctx = await env.ctx();
    let seenInside: { entries: number; available: bigint } | null = null;
    await expect(
      inTransaction(ctx, async (tx) => {
        await applyMovement(tx.em, orgId, MOVES.top_up(1_234n), { actorType: 'system', actorId: null, at: tx.now });
        const inside = await tx.em.execute<{ n: string }[]>('select count(*) as n from ledger_entries where organization_id = ?', [orgId]);
        const w = await findWallet(tx.em, orgId);
        seenInside = { entries: Number(inside[0]!.n), available: BigInt(w!.available) };
        throw new Error('abort after the movement');
      }),
    ).rejects.toThrow('abort after the movement');
    expect(seenInside).toEqual({ entries: beforeEntries.length + 1, available: before.available + 1_234n });
    expect(await wallet(orgId)).toEqual(before);
    expect(await entries(orgId)).toEqual(beforeEntries);
  });
});

describe('refused movements change nothing', () => {
  it.each([
    { name: 'a hold larger than available', credit: 1_000n, movement: MOVES.hold(1_001n), code: 'insufficient_funds' },
    { name: 'a hold when only held money is left', credit: 1_000n, pre: MOVES.hold(1_000n), movement: MOVES.hold(1n), code: 'insufficient_funds' },
    { name: 'a negative adjustment beyond available', credit: 1_000n, movement: MOVES.adjustment(-1_001n), code: 'insufficient_funds' },
  ])('$name throws DomainError $code and leaves wallet and ledger unchanged', async ({ credit, pre, movement, code }) => {
    const orgId = await newOrg(credit);
    if (pre) await move(orgId, pre);
    const before = await wallet(orgId);
    const beforeEntries = await entries(orgId);
    const err = await move(orgId, movement).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe(code);
    expect(await wallet(orgId)).toEqual(before);
    expect(await entries(orgId)).toEqual(beforeEntries);
  });

  it('a movement outside a transaction throws and writes nothing', async () => {
    const orgId = await newOrg(500n);
    const before = await wallet(orgId);
    const beforeEntries = await entries(orgId);
    const ctx = await env.ctx();
    await expect(applyMovement(ctx.em, orgId, MOVES.hold(100n), { actorType: 'system', actorId: null, at: ctx.now })).rejects.toThrow(
      /inside a transaction/,
    );
    await expect(applyMovement(ctx.em, orgId, MOVES.top_up(100n), { actorType: 'system', actorId: null, at: ctx.now })).rejects.toThrow(
      /inside a transaction/,
    );
    expect(await wallet(orgId)).toEqual(before);
    expect(await entries(orgId)).toEqual(beforeEntries);
  });

  it('a movement on an organization without a wallet throws', async () => {
    await expect(move('00000000-0000-7000-8000-000000000000', MOVES.top_up(1n))).rejects.toThrow(/has no wallet/);
  });
});

describe('the database itself refuses a broken wallet, whatever writes it', () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await newOrg();
    await move(orgId, MOVES.top_up(5_000n));
    await move(orgId, MOVES.hold(2_000n));
    await move(orgId, MOVES.capture(500n));
    // available 3000, held 1500, captured 500, credited 5000
  });

  it.each([
    { name: 'a negative available (credited kept consistent)', set: 'available = -1, credited = -1 + held + captured', constraint: 'wallets_available_check' },
    { name: 'a negative held (credited kept consistent)', set: 'held = -1, credited = available - 1 + captured', constraint: 'wallets_held_check' },
    { name: 'a negative captured (credited kept consistent)', set: 'captured = -1, credited = available + held - 1', constraint: 'wallets_captured_check' },
    { name: 'money from nowhere: available raised alone', set: 'available = available + 1', constraint: 'wallets_check' },
    { name: 'money lost: held lowered alone', set: 'held = held - 1', constraint: 'wallets_check' },
    { name: 'credited raised alone', set: 'credited = credited + 1', constraint: 'wallets_check' },
    { name: 'everything negative and consistent', set: 'available = -10, held = -10, captured = 0, credited = -20', constraint: 'check constraint' },
  ])('refuses $name with a check violation', async ({ set, constraint }) => {
    const before = await wallet(orgId);
    const err = await env.sql(`update wallets set ${set} where organization_id = ?`, [orgId]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toMatch(/violates check constraint/);
    expect(String((err as Error).message)).toContain(constraint);
    expect(await wallet(orgId)).toEqual(before);
  });

  it.each([
    ['balance_after', -1, 0],
    ['held_after', 0, -1],
  ])('refuses a ledger entry with a negative %s', async (_label, balanceAfter, heldAfter) => {
    const before = await entries(orgId);
    const err = await env
      .sql(
        `insert into ledger_entries (id, organization_id, kind, amount, balance_after, held_after, actor_type, created_at)
         values (gen_random_uuid(), ?, 'adjustment', 1, ?, ?, 'operator', now())`,
        [orgId, balanceAfter, heldAfter],
      )
      .catch((e: unknown) => e);
    expect(String((err as Error).message)).toMatch(/violates check constraint/);
    expect(await entries(orgId)).toEqual(before);
  });
});

describe('concurrent movements never overdraw', () => {
  it('20 holds in parallel on a wallet that covers 14: exactly 14 succeed, the rest are insufficient_funds', async () => {
    const orgId = await newOrg(10_000n);
    const amount = 700n;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => move(orgId, MOVES.hold(amount))));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).code).toBe('insufficient_funds');
    }
    expect(ok).toHaveLength(14);
    const w = await wallet(orgId);
    expect(w.held).toBe(BigInt(ok.length) * amount);
    expect(w.available).toBe(10_000n - BigInt(ok.length) * amount);
    expect(w.available >= 0n).toBe(true);
    expect(w.credited).toBe(w.available + w.held + w.captured);

    const holds = (await entries(orgId)).filter((e) => e.kind === 'hold');
    expect(holds).toHaveLength(ok.length);
    // Serialised by the row lock: each hold saw the previous one, so balances step down by the amount.
    expect(holds.map((e) => e.balance_after).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(
      Array.from({ length: ok.length }, (_, i) => 10_000n - BigInt(i + 1) * amount),
    );
    expect(new Set(holds.map((e) => e.held_after)).size).toBe(ok.length);
  });

  it('parallel holds, top-ups, captures and releases keep the invariant and the ledger matches the wallet', async () => {
    const orgId = await newOrg(2_000n);
    await move(orgId, MOVES.hold(1_000n));
    const jobs: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 10; i++) jobs.push(() => move(orgId, MOVES.hold(300n)));
    for (let i = 0; i < 5; i++) jobs.push(() => move(orgId, MOVES.top_up(200n)));
    for (let i = 0; i < 4; i++) jobs.push(() => move(orgId, MOVES.capture(100n)));
    for (let i = 0; i < 4; i++) jobs.push(() => move(orgId, MOVES.release(100n)));
    const results = await Promise.allSettled(jobs.map((j) => j()));
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as DomainError).code).toBe('insufficient_funds');
    }
    const w = await wallet(orgId);
    expect(w.available >= 0n && w.held >= 0n).toBe(true);
    expect(w.credited).toBe(w.available + w.held + w.captured);
    expect(w.credited).toBe(2_000n + 5n * 200n);
    expect(w.captured).toBe(400n);

    const all = await entries(orgId);
    const { available, held } = replay(all, (e, a, h) => {
      expect(a >= 0n && h >= 0n).toBe(true);
      expect([e.balance_after, e.held_after]).toEqual([a, h]);
    });
    expect([available, held]).toEqual([w.available, w.held]);
    const last = all[all.length - 1]!;
    expect([last.balance_after, last.held_after]).toEqual([w.available, w.held]);
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    expect(all).toHaveLength(1 + 1 + succeeded);
  });
});

describe('operator use cases', () => {
  it('creditWallet adds a top_up entry, returns the wallet and audits wallet.top_up', async () => {
    const orgId = await newOrg();
    env.clock.set(new Date('2026-11-23T06:30:00Z'));
    const result = await creditWallet(await env.ctx(), operator, { organizationId: orgId, amount: 12_345n, reference: 'M-Pesa 7XK2' });
    expect(result).toMatchObject({ ledger_entry_id: expect.any(String), wallet: { currency: 'TZS', available: 12_345, held: 0, frozen: false } });
    const [entry, ...rest] = await entries(orgId);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ id: result.ledger_entry_id, kind: 'top_up', amount: 12_345n, balance_after: 12_345n, held_after: 0n, reference: 'M-Pesa 7XK2', actor_type: 'operator' });
    const audits = await auditEvents(orgId, 'wallet.top_up');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_type: 'operator',
      actor_id: null,
      target_type: 'ledger_entry',
      target_id: result.ledger_entry_id,
      details: { amount: 12_345, reference: 'M-Pesa 7XK2' },
    });
  });

  it('creditWallet on an unknown organization is not_found and writes nothing', async () => {
    const id = '01900000-0000-7000-8000-000000000001';
    const err = await creditWallet(await env.ctx(), operator, { organizationId: id, amount: 1n, reference: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('not_found');
    expect(await env.sql('select 1 from audit_events where organization_id = ?', [id])).toEqual([]);
  });

  it('setWalletFrozen toggles frozen, keeps the money, and audits each change', async () => {
    const orgId = await newOrg(3_000n);
    const frozen = await setWalletFrozen(await env.ctx(), operator, orgId, true);
    expect(frozen.wallet).toMatchObject({ frozen: true, available: 3_000, held: 0 });
    expect(await wallet(orgId)).toMatchObject({ frozen: true, available: 3_000n });
    const thawed = await setWalletFrozen(await env.ctx(), operator, orgId, false);
    expect(thawed.wallet).toMatchObject({ frozen: false, available: 3_000 });
    expect(await wallet(orgId)).toMatchObject({ frozen: false, available: 3_000n });
    const events = await env.sql<{ action: string; target_type: string; target_id: string; actor_type: string }>(
      "select action, target_type, target_id, actor_type from audit_events where organization_id = ? and action like 'wallet.%frozen' order by id",
      [orgId],
    );
    expect(events).toEqual([
      { action: 'wallet.frozen', target_type: 'wallet', target_id: orgId, actor_type: 'operator' },
      { action: 'wallet.unfrozen', target_type: 'wallet', target_id: orgId, actor_type: 'operator' },
    ]);
    // Freezing writes no ledger entry: it moves no money.
    expect((await entries(orgId)).map((e) => e.kind)).toEqual(['top_up']);
  });
});
