// The low-balance threshold over HTTP (PATCH /v1/wallet: who may set it, bad bodies refused leaving nothing) and
// the event wallet.low_balance: written once when a send's or a launch's hold takes the available balance below
// it, not again while it stays below, again after a top-up above it; never without a threshold.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { inTransaction } from '../../core/app/context.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { applyMovement } from '../../core/db/wallets.ts';
import { hold } from '../../core/domain/ledger.ts';
import { fellBelowThreshold } from '../../core/domain/ledger.ts';
import { bearer, createOrg, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
const UNIT = 2000; // the fixtures' transactional price a segment

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: 10_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
    members: { owner: 'owner', billing: 'billing', developer: 'developer' },
    keys: { live: { mode: 'live' } },
  });
  owner = await signInAs(env, org.members.owner!);
});

let serial = 0;
const send = () =>
  request(env.app)
    .post('/v1/messages')
    .set(bearer(org.keys.live!.secret))
    .set('X-Idempotency-Key', `low-${++serial}`)
    .send({ to: `+25575410${String(1000 + serial).slice(-4)}`, from: 'UJUMBE', body: 'Habari', client_ref: `low-${serial}` });
const setThreshold = (agent: Awaited<ReturnType<typeof signInAs>>, body: unknown) => agent.agent.patch('/v1/wallet').set('X-CSRF-Token', agent.csrf).send(body as object);
const lowBalanceEvents = () =>
  env.sql<{ subject_id: string; payload: { type: string; timestamp: string; data: Record<string, unknown> } }>(
    "select subject_id, payload from outbox_events where organization_id = ? and type = 'wallet.low_balance' order by created_at, id",
    [org.id],
  );
const threshold = async () => (await env.sql<{ t: string | null }>('select low_balance_threshold as t from wallets where organization_id = ?', [org.id]))[0]!.t;

describe('the low-balance threshold', () => {
  it('the rule: only a fall from at or above the threshold to below it', () => {
    expect(fellBelowThreshold(5000n, 4999n, 5000n)).toBe(true);
    expect(fellBelowThreshold(5000n, 5000n, 5000n)).toBe(false);
    expect(fellBelowThreshold(4999n, 3000n, 5000n)).toBe(false);
    expect(fellBelowThreshold(3000n, 6000n, 5000n)).toBe(false);
    expect(fellBelowThreshold(9000n, 0n, null)).toBe(false);
    expect(fellBelowThreshold(9000n, 0n, 0n)).toBe(false);
  });

  it('no threshold at first: the wallet says null and low_balance false; a fall writes no event', async () => {
    const res = await request(env.app).get('/v1/wallet').set(bearer(org.keys.live!.secret));
    expect(res.body.data.wallet).toMatchObject({ available: 10_000, low_balance_threshold: null, low_balance: false });
    const sent = await send();
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(await lowBalanceEvents()).toEqual([]);
  });

  it('bad bodies are refused with the field, and leave the threshold as it was', async () => {
    for (const body of [{ low_balance_threshold: -1 }, { low_balance_threshold: 1.5 }, { low_balance_threshold: '5000' }, {}, { low_balance_threshold: 5000, extra: 1 }]) {
      const res = await setThreshold(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.field, JSON.stringify(body)).toBe('extra' in body ? 'extra' : 'low_balance_threshold');
    }
    expect(await threshold()).toBeNull();
    const noCsrf = await owner.agent.patch('/v1/wallet').send({ low_balance_threshold: 5000 });
    expect([noCsrf.status, noCsrf.body.error.code]).toEqual([403, 'forbidden']);
    const developer = await signInAs(env, org.members.developer!);
    const refused = await setThreshold(developer, { low_balance_threshold: 5000 });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'forbidden']);
    const key = await request(env.app).patch('/v1/wallet').set(bearer(org.keys.live!.secret)).send({ low_balance_threshold: 5000 });
    expect(key.status).toBe(403);
    expect(await threshold()).toBeNull();
  });

  it('billing sets it (audited); a send that falls below writes one event, the next sends none, a top-up re-arms it', async () => {
    const billing = await signInAs(env, org.members.billing!);
    const set = await setThreshold(billing, { low_balance_threshold: 5000 });
    expect(set.status).toBe(200);
    expect(set.body.data.wallet).toMatchObject({ available: 8000, low_balance_threshold: 5000, low_balance: false });
    const [audit] = await env.sql<{ details: unknown }>("select details from audit_events where organization_id = ? and action = 'wallet.low_balance_threshold_set'", [org.id]);
    expect(audit!.details).toEqual({ from: null, to: 5000 });

    expect((await send()).status).toBe(202); // 8000 -> 6000: still above
    expect(await lowBalanceEvents()).toEqual([]);
    expect((await send()).status).toBe(202); // 6000 -> 4000: below
    const [first, ...none] = await lowBalanceEvents();
    expect(none).toEqual([]);
    expect(first!.subject_id).toBe(org.id);
    expect(first!.payload).toMatchObject({
      type: 'wallet.low_balance',
      data: { currency: 'TZS', unit: 'cents', available: 4000, held: 3 * UNIT, low_balance_threshold: 5000, low_balance: true, test: false },
    });
    expect((await send()).status).toBe(202); // 4000 -> 2000: already below
    expect(await lowBalanceEvents()).toHaveLength(1);
    const below = await request(env.app).get('/v1/wallet').set(bearer(org.keys.live!.secret));
    expect(below.body.data.wallet).toMatchObject({ available: 2000, low_balance: true });

    // A top-up above the threshold re-arms it; a campaign-style hold (another write path) falls below again.
    await creditWallet(await env.ctx(), operator, { organizationId: org.id, amount: 4000n, reference: 'top-up' });
    expect(await lowBalanceEvents()).toHaveLength(1);
    await inTransaction(await env.ctx(), (tx) => applyMovement(tx.em, org.id, (b) => hold(b, 1500n), { actorType: 'system', actorId: null, reference: 'launch', at: tx.now }));
    const events = await lowBalanceEvents();
    expect(events).toHaveLength(2);
    expect(events[1]!.payload.data).toMatchObject({ available: 4500, low_balance: true });
  });

  it('null turns the alert off', async () => {
    const res = await setThreshold(owner, { low_balance_threshold: null });
    expect(res.status).toBe(200);
    expect(res.body.data.wallet).toMatchObject({ low_balance_threshold: null, low_balance: false });
    expect(await threshold()).toBeNull();
  });
});
