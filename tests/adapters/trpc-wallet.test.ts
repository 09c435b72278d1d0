// tRPC wallet area over HTTP: each procedure answers what its REST operation answers (the same use case), with
// the same permissions, CSRF on mutations, input refusals that leave nothing behind and the same key refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { creditTopUp } from '../../core/app/wallet/top-ups/credit-top-up.ts';
import { createOrg, EVERY_ROLE, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
const t: Record<string, TrpcClient> = {};
const rest: Record<string, Awaited<ReturnType<typeof signInAs>>> = {};
let seq = 0;

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { credit: 40_000n, members: EVERY_ROLE, keys: {} });
  for (const role of Object.keys(EVERY_ROLE)) {
    t[role] = await signedIn(app, org.members[role]!);
    rest[role] = await signInAs(env, org.members[role]!);
  }
});

const topUp = (over: Record<string, unknown> = {}) => ({ amount: 120_000, method: 'mobile_money', reference: `TX-${++seq}`, ...over });
const rows = async () => Number((await env.sql<{ n: string }>('select count(*) as n from top_up_requests where organization_id = ?', [org.id]))[0]!.n);
const threshold = async () => (await env.sql<{ t: string | null }>('select low_balance_threshold as t from wallets where organization_id = ?', [org.id]))[0]!.t;

describe('wallet.get and wallet.ledger', () => {
  it('answer what GET /v1/wallet and GET /v1/wallet/ledger answer', async () => {
    const wallet = ok(await t.analyst!.query('wallet.get'));
    expect(wallet).toEqual((await rest.analyst!.agent.get('/v1/wallet')).body.data);
    expect(wallet.wallet).toMatchObject({ currency: 'TZS', available: 40_000, held: 0, test: false });
    const ledger = ok(await t.billing!.query('wallet.ledger', { limit: 1, kind: 'top_up' }));
    expect(ledger).toEqual((await rest.billing!.agent.get('/v1/wallet/ledger').query({ limit: 1, kind: 'top_up' })).body.data);
    expect(ledger.entries).toHaveLength(1);
  });

  it('are forbidden to a role without wallet.read, and refuse bad input with the field', async () => {
    refused(await t.marketer!.query('wallet.get'), 403, 'forbidden');
    refused(await t.marketer!.query('wallet.ledger', {}), 403, 'forbidden');
    refused(await t.owner!.query('wallet.ledger', { kind: 'gift' }), 400, 'validation_failed', 'kind');
  });
});

describe('wallet.setLowBalanceThreshold', () => {
  it('answers what PATCH /v1/wallet answers', async () => {
    const set = ok(await t.billing!.mutate('wallet.setLowBalanceThreshold', { low_balance_threshold: 50_000 }));
    expect(set.wallet).toMatchObject({ low_balance_threshold: 50_000, low_balance: true });
    const patched = await rest.billing!.agent.patch('/v1/wallet').set('X-CSRF-Token', rest.billing!.csrf).send({ low_balance_threshold: 50_000 });
    expect(set).toEqual(patched.body.data);
    expect(ok(await t.owner!.mutate('wallet.setLowBalanceThreshold', { low_balance_threshold: null })).wallet.low_balance_threshold).toBeNull();
  });

  it('needs wallet.manage, the CSRF token and a whole number of cents; a refusal changes nothing', async () => {
    const before = await threshold();
    refused(await t.developer!.mutate('wallet.setLowBalanceThreshold', { low_balance_threshold: 10 }), 403, 'forbidden');
    const noCsrf = await t.owner!.agent.post('/trpc/wallet.setLowBalanceThreshold').send({ low_balance_threshold: 10 });
    expect([noCsrf.status, noCsrf.body.error.data.ujumbe.code]).toEqual([403, 'forbidden']);
    for (const bad of [-1, 10.5, '10', undefined]) {
      refused(await t.owner!.mutate('wallet.setLowBalanceThreshold', { low_balance_threshold: bad }), 400, 'validation_failed', 'low_balance_threshold');
    }
    expect(await threshold()).toBe(before);
  });
});

describe('wallet.requestTopUp', () => {
  it('records a pending request, as POST /v1/wallet/top-ups does, and moves no money', async () => {
    const made = ok(await t.billing!.mutate('wallet.requestTopUp', topUp({ note: 'Tigo Pesa' })));
    expect(made).toEqual({
      replay: false,
      top_up: expect.objectContaining({ status: 'pending', amount: 120_000, method: 'mobile_money', note: 'Tigo Pesa', requested_by: org.members.billing!.id }),
    });
    const viaRest = await rest.billing!.agent.post('/v1/wallet/top-ups').set('X-CSRF-Token', rest.billing!.csrf).send(topUp({ note: 'Tigo Pesa' }));
    const { id: _a, reference: _b, ...restView } = viaRest.body.data.top_up;
    const { id: _c, reference: _d, ...trpcView } = made.top_up;
    expect(trpcView).toEqual(restView);
    expect(ok(await t.billing!.query('wallet.get')).wallet.available).toBe(40_000);
  });

  it('with an idempotencyKey, a repeat replays the first request; another input under the key is 409', async () => {
    const input = { ...topUp(), idempotencyKey: `dash-${seq}` };
    const first = ok(await t.owner!.mutate('wallet.requestTopUp', input));
    const again = ok(await t.owner!.mutate('wallet.requestTopUp', input));
    expect(again).toEqual({ ...first, replay: true });
    const before = await rows();
    refused(await t.owner!.mutate('wallet.requestTopUp', { ...input, amount: 5 }), 409, 'idempotency_conflict');
    expect(await rows()).toBe(before);
    expect(await env.sql('select id from top_up_requests where reference = ?', [input.reference])).toHaveLength(1);
  });

  it('is forbidden without wallet.top_up, needs CSRF, and refuses bad input naming the field; nothing is written', async () => {
    const before = await rows();
    for (const role of ['developer', 'marketer', 'analyst']) refused(await t[role]!.mutate('wallet.requestTopUp', topUp()), 403, 'forbidden');
    const noCsrf = await t.owner!.agent.post('/trpc/wallet.requestTopUp').send(topUp());
    expect([noCsrf.status, noCsrf.body.error.data.ujumbe.code]).toEqual([403, 'forbidden']);
    const bad: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: 100_000_000_001 }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ method: 'cheque' }, 'method'],
      [{ reference: '' }, 'reference'],
      [{ idempotencyKey: 'has space' }, 'idempotencyKey'],
      [{ extra: true }, 'extra'],
    ];
    for (const [over, field] of bad) refused(await t.owner!.mutate('wallet.requestTopUp', topUp(over)), 400, 'validation_failed', field);
    expect(await rows()).toBe(before);
  });

  it('refuses a reference already pending: 409 conflict, field reference', async () => {
    ok(await t.owner!.mutate('wallet.requestTopUp', topUp({ reference: 'SELCOM-991' })));
    const before = await rows();
    refused(await t.billing!.mutate('wallet.requestTopUp', topUp({ reference: 'selcom-991' })), 409, 'conflict', 'reference');
    expect(await rows()).toBe(before);
  });
});

describe('wallet.topUps', () => {
  it('answers what GET /v1/wallet/top-ups answers, with the status filter and paging', async () => {
    const made = ok(await t.owner!.mutate('wallet.requestTopUp', topUp())).top_up;
    await creditTopUp(await env.ctx(), operator, { organizationId: org.id, topUpId: made.id, amount: 119_000n, reference: 'stmt 7' });
    for (const query of [{}, { status: 'credited' }, { status: 'pending', limit: 2 }]) {
      const listed = ok(await t.analyst!.query('wallet.topUps', query));
      expect(listed).toEqual((await rest.analyst!.agent.get('/v1/wallet/top-ups').query(query)).body.data);
    }
    const credited = ok(await t.owner!.query('wallet.topUps', { status: 'credited' }));
    expect(credited.top_ups).toEqual([expect.objectContaining({ id: made.id, credited_amount: 119_000, ledger_entry_id: expect.any(String) })]);
    const page = ok(await t.owner!.query('wallet.topUps', { status: 'pending', limit: 2 }));
    expect(page.next_before).toBe(page.top_ups[1].id);
  });

  it('is forbidden without wallet.read and refuses a bad status', async () => {
    refused(await t.marketer!.query('wallet.topUps', {}), 403, 'forbidden');
    refused(await t.owner!.query('wallet.topUps', { status: 'approved' }), 400, 'validation_failed', 'status');
  });
});

describe('wallet.paymentDetails, wallet.startMobileMoneyTopUp and wallet.topUp', () => {
  it('answer what REST answers, follow a push payment to credited, replay a key, and refuse the wrong network', async () => {
    const { startPayments } = await import('../support/mobile-money.ts');
    const pay = await startPayments(env, { callbackDelayMs: 100 });
    try {
      const details = ok(await t.billing!.query('wallet.paymentDetails'));
      expect(details).toEqual((await rest.billing!.agent.get('/v1/wallet/payment-details')).body.data);
      expect(details.providers.map((p: { id: string }) => p.id)).toEqual(['mpesa', 'airtel_money', 'mixx_by_yas', 'halopesa', 'azampesa']);
      const input = { provider: 'airtel_money', phone: '0684 000 120', amount_tzs: 3_000, idempotencyKey: `push-${++seq}` };
      const started = ok(await t.billing!.mutate('wallet.startMobileMoneyTopUp', input));
      expect(started).toMatchObject({ replay: false, top_up: { status: 'pending', provider: 'airtel_money', payer_phone: '+255684000120', amount: 300_000 } });
      const again = ok(await t.billing!.mutate('wallet.startMobileMoneyTopUp', input));
      expect(again).toMatchObject({ replay: true, top_up: { id: started.top_up.id } });
      await pay.waitForCallbacks(started.top_up.transaction_id, 1);
      const followed = ok(await t.analyst!.query('wallet.topUp', { id: started.top_up.id }));
      expect(followed.top_up).toMatchObject({ status: 'credited', credited_amount: 300_000 });
      expect(followed).toEqual((await rest.analyst!.agent.get(`/v1/wallet/top-ups/${started.top_up.id}`)).body.data);
      const before = await rows();
      const wrong = await t.billing!.mutate('wallet.startMobileMoneyTopUp', { ...input, provider: 'mpesa', idempotencyKey: `push-${++seq}` });
      refused(wrong, 422, 'validation_failed', 'phone');
      expect(await rows()).toBe(before);
      refused(await t.marketer!.mutate('wallet.startMobileMoneyTopUp', { ...input, idempotencyKey: `push-${++seq}` }), 403, 'forbidden');
      refused(await t.billing!.query('wallet.topUp', { id: '00000000-0000-7000-8000-00000000dead' }), 404, 'not_found', 'top_up');
    } finally {
      await pay.close();
    }
  });
});
