// GET /v1/wallet and GET /v1/wallet/ledger over HTTP: shape in cents, who may read, keyset paging, filters, tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Role } from '../../core/domain/access.ts';
import { inTransaction } from '../../core/app/context.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { setWalletFrozen } from '../../core/app/wallet/set-wallet-frozen.ts';
import { applyMovement } from '../../core/db/wallets.ts';
import { hold } from '../../core/domain/ledger.ts';
import { bearer, createOrg, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;

/** Org A: a fixture top-up of 10 000, four more top-ups, then one hold of 700 (newest). */
const TOP_UPS = [1_500n, 2_500n, 3_500n, 4_500n];
const HOLD = 700n;
/** The ledger of org A, newest first, as the API must report it. */
const EXPECTED = [
  { kind: 'hold', amount: 700, balance_after: 21_300, held_after: 700, reference: 'hold for a test' },
  { kind: 'top_up', amount: 4_500, balance_after: 22_000, held_after: 0, reference: 'top-up 4' },
  { kind: 'top_up', amount: 3_500, balance_after: 17_500, held_after: 0, reference: 'top-up 3' },
  { kind: 'top_up', amount: 2_500, balance_after: 14_000, held_after: 0, reference: 'top-up 2' },
  { kind: 'top_up', amount: 1_500, balance_after: 11_500, held_after: 0, reference: 'top-up 1' },
  { kind: 'top_up', amount: 10_000, balance_after: 10_000, held_after: 0, reference: expect.stringMatching(/^fixture /) },
];

const MEMBERS: Record<string, Role> = {
  owner: 'owner',
  admin: 'admin',
  developer: 'developer',
  billing: 'billing',
  analyst: 'analyst',
  marketer: 'marketer',
};

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: 10_000n,
    members: MEMBERS,
    keys: {
      wallet: { mode: 'live', scopes: ['wallet:read'] },
      walletTest: { mode: 'test', scopes: ['wallet:read'] },
      noWallet: { mode: 'live', scopes: ['messages:read', 'sender_ids:read'] },
    },
  });
  const ctx = await env.ctx();
  for (const [i, amount] of TOP_UPS.entries()) {
    await creditWallet(ctx, operator, { organizationId: org.id, amount, reference: `top-up ${i + 1}` });
  }
  await inTransaction(await env.ctx(), (tx) =>
    applyMovement(tx.em, org.id, (b) => hold(b, HOLD), { actorType: 'system', actorId: null, reference: 'hold for a test', at: tx.now }),
  );
  other = await createOrg(env, { credit: 999n, keys: { wallet: { mode: 'live', scopes: ['wallet:read'] } } });
  await creditWallet(await env.ctx(), operator, { organizationId: other.id, amount: 1n, reference: 'other org' });
});

const walletKey = () => bearer(org.keys.wallet!.secret);
const ledger = (query: Record<string, string | number> = {}) => request(env.app).get('/v1/wallet/ledger').query(query).set(walletKey());

describe('GET /v1/wallet', () => {
  it('returns the balance in integer cents, frozen and the currency TZS', async () => {
    const res = await request(env.app).get('/v1/wallet').set(walletKey());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        wallet: {
          currency: 'TZS',
          unit: 'cents',
          available: 21_300,
          held: 700,
          frozen: false,
          low_balance_threshold: null,
          low_balance: false,
          test: false,
          updated_at: expect.any(String),
        },
      },
    });
    expect(Number.isInteger(res.body.data.wallet.available)).toBe(true);
    expect(Number.isInteger(res.body.data.wallet.held)).toBe(true);
    expect(new Date(res.body.data.wallet.updated_at).toISOString()).toBe(res.body.data.wallet.updated_at);
  });

  it('a test key with wallet:read reads the test-mode wallet: empty, since test mode never holds or charges; its ledger is empty', async () => {
    const res = await request(env.app).get('/v1/wallet').set(bearer(org.keys.walletTest!.secret));
    expect(res.status).toBe(200);
    expect(res.body.data.wallet).toEqual({ currency: 'TZS', unit: 'cents', available: 0, held: 0, frozen: false, low_balance_threshold: null, low_balance: false, test: true, updated_at: null });
    const entries = await request(env.app).get('/v1/wallet/ledger').set(bearer(org.keys.walletTest!.secret));
    expect([entries.status, entries.body.data]).toEqual([200, { entries: [], next_before: null }]);
    // Filters and cursors change nothing.
    const kind = await request(env.app).get('/v1/wallet/ledger?kind=top_up&limit=1').set(bearer(org.keys.walletTest!.secret));
    expect(kind.body.data).toEqual({ entries: [], next_before: null });
  });

  it('a key without wallet:read gets 403 insufficient_scope', async () => {
    for (const path of ['/v1/wallet', '/v1/wallet/ledger']) {
      const res = await request(env.app).get(path).set(bearer(org.keys.noWallet!.secret));
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ success: false, error: { code: 'insufficient_scope', message: expect.any(String) } });
    }
  });

  it.each([
    ['owner', 200],
    ['admin', 200],
    ['developer', 200],
    ['billing', 200],
    ['analyst', 200],
    ['marketer', 403],
  ] as const)('a signed-in %s gets %i on the wallet and the ledger', async (label, status) => {
    const { agent } = await signInAs(env, org.members[label]!);
    for (const path of ['/v1/wallet', '/v1/wallet/ledger']) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(status);
      if (status === 200) {
        expect(res.body.success).toBe(true);
      } else {
        expect(res.body).toEqual({ success: false, error: { code: 'forbidden', message: expect.any(String) } });
      }
    }
    if (status === 200) {
      const res = await agent.get('/v1/wallet');
      expect(res.body.data.wallet).toMatchObject({ currency: 'TZS', available: 21_300, held: 700, frozen: false });
    }
  });

  it('shows frozen: true while the operator has frozen the wallet', async () => {
    await setWalletFrozen(await env.ctx(), operator, org.id, true);
    try {
      const res = await request(env.app).get('/v1/wallet').set(walletKey());
      expect(res.status).toBe(200);
      expect(res.body.data.wallet.frozen).toBe(true);
    } finally {
      await setWalletFrozen(await env.ctx(), operator, org.id, false);
    }
    const res = await request(env.app).get('/v1/wallet').set(walletKey());
    expect(res.body.data.wallet.frozen).toBe(false);
  });

  it('refuses an unknown query parameter with 422 validation_failed', async () => {
    const res = await request(env.app).get('/v1/wallet').query({ currency: 'USD' }).set(walletKey());
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'currency' });
  });

  it('each organization sees its own wallet', async () => {
    const res = await request(env.app).get('/v1/wallet').set(bearer(other.keys.wallet!.secret));
    expect(res.status).toBe(200);
    expect(res.body.data.wallet).toMatchObject({ available: 1_000, held: 0 });
  });
});

describe('GET /v1/wallet/ledger', () => {
  it('lists every entry newest first, each with balance_after and held_after in integer cents', async () => {
    const res = await ledger();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.next_before).toBeNull();
    const entries = res.body.data.entries as Record<string, unknown>[];
    expect(entries).toEqual(
      EXPECTED.map((e) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ...e,
        currency: 'TZS',
        message_id: null,
        campaign_id: null,
        created_at: expect.any(String),
      })),
    );
    const ids = entries.map((e) => e.id as string);
    expect([...ids].sort().reverse()).toEqual(ids);
    for (const e of entries) {
      for (const f of ['amount', 'balance_after', 'held_after']) expect(Number.isInteger(e[f]), f).toBe(true);
    }
  });

  it('the newest entry balances with the wallet', async () => {
    const [entries, wallet] = await Promise.all([ledger({ limit: 1 }), request(env.app).get('/v1/wallet').set(walletKey())]);
    expect(entries.body.data.entries[0]).toMatchObject({
      balance_after: wallet.body.data.wallet.available,
      held_after: wallet.body.data.wallet.held,
    });
  });

  it.each([1, 2, 4, 5, 6, 100])('keyset pages of %i walk the whole ledger once, next_before null on the last page', async (limit) => {
    const all = (await ledger()).body.data.entries.map((e: { id: string }) => e.id) as string[];
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await ledger(before ? { limit, before } : { limit });
      expect(res.status).toBe(200);
      const page = res.body.data.entries as { id: string }[];
      expect(page.length).toBeLessThanOrEqual(limit);
      expect(page.length).toBeGreaterThan(0);
      seen.push(...page.map((e) => e.id));
      before = res.body.data.next_before;
      if (before !== null) expect(before).toBe(page[page.length - 1]!.id);
      pages += 1;
    } while (before !== null && pages < 20);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.max(1, Math.ceil(all.length / limit)));
  });

  it('the default page holds up to 50 entries', async () => {
    const res = await request(env.app).get('/v1/wallet/ledger').set(walletKey());
    expect(res.body.data.entries).toHaveLength(EXPECTED.length);
  });

  it.each([
    ['top_up', ['top_up', 'top_up', 'top_up', 'top_up', 'top_up']],
    ['hold', ['hold']],
    ['capture', []],
    ['release', []],
    ['adjustment', []],
  ])('kind=%s lists only that kind', async (kind, kinds) => {
    const res = await ledger({ kind });
    expect(res.status).toBe(200);
    expect(res.body.data.entries.map((e: { kind: string }) => e.kind)).toEqual(kinds);
    expect(res.body.data.next_before).toBeNull();
  });

  it('kind combines with paging', async () => {
    const first = await ledger({ kind: 'top_up', limit: 3 });
    expect(first.body.data.entries.map((e: { amount: number }) => e.amount)).toEqual([4_500, 3_500, 2_500]);
    expect(first.body.data.next_before).toBe(first.body.data.entries[2].id);
    const second = await ledger({ kind: 'top_up', limit: 3, before: first.body.data.next_before });
    expect(second.body.data.entries.map((e: { amount: number }) => e.amount)).toEqual([1_500, 10_000]);
    expect(second.body.data.next_before).toBeNull();
  });

  it.each([
    ['limit', { limit: 0 }],
    ['limit', { limit: 101 }],
    ['limit', { limit: 'x' }],
    ['limit', { limit: -1 }],
    ['limit', { limit: '2.5' }],
    ['before', { before: 'not-a-uuid' }],
    ['before', { before: '12345' }],
    ['before', { before: `${'0'.repeat(8)}-0000-0000-0000-00000000000` }],
    ['kind', { kind: 'refunded' }],
    ['cursor', { cursor: 'abc' }],
    ['page', { page: 2 }],
  ] as const)('refuses a bad %s (%o) with 422 validation_failed naming the field', async (field, query) => {
    const res = await ledger(query);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, error: { code: 'validation_failed', message: expect.any(String), field } });
  });

  it('an organization sees only its own entries, even when paging with another organization\'s cursor', async () => {
    const mine = (await ledger()).body.data.entries as { id: string }[];
    const theirs = await request(env.app).get('/v1/wallet/ledger').set(bearer(other.keys.wallet!.secret));
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.entries.map((e: { kind: string; amount: number; balance_after: number }) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['top_up', 1, 1_000],
      ['top_up', 999, 999],
    ]);
    const theirIds = new Set(theirs.body.data.entries.map((e: { id: string }) => e.id));
    expect(mine.some((e) => theirIds.has(e.id))).toBe(false);
    // A cursor taken from the other organization's newest entry pages through org A's own entries only.
    const cursor = theirs.body.data.entries[0].id as string;
    const crossed = await ledger({ before: cursor });
    expect(crossed.status).toBe(200);
    expect(crossed.body.data.entries.map((e: { id: string }) => e.id)).toEqual(mine.map((e) => e.id));
  });
});
