// POST and GET /v1/wallet/top-ups over HTTP: a member's request moves no money; who may ask and read; refusals
// leave no row; idempotency; one payment reference, one live request (across organizations: see
// top-up-references.test.ts); the operator's credit and decline decide a request once, even when two credits race.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { MAX_TOP_UP_REQUEST_CENTS } from '../../core/domain/top-up-requests.ts';
import { creditTopUp } from '../../core/app/wallet/top-ups/credit-top-up.ts';
import { ZDeclineTopUpInput, declineTopUp } from '../../core/app/wallet/top-ups/decline-top-up.ts';
import { bearer, createOrg, EVERY_ROLE, operator, setupTestEnv, signInAs, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
type Session = Awaited<ReturnType<typeof signInAs>>;
const s: Record<string, Session> = {};
let otherOwner: Session;
let seq = 0;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: 5_000n,
    members: EVERY_ROLE,
    keys: { live: { mode: 'live' }, test: { mode: 'test' }, wallet: { mode: 'live', scopes: ['wallet:read'] } },
  });
  other = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
  for (const role of Object.keys(EVERY_ROLE)) s[role] = await signInAs(env, org.members[role]!);
  otherOwner = await signInAs(env, other.members.owner!);
});

const body = (over: Record<string, unknown> = {}) => ({ amount: 250_000, method: 'bank_transfer', reference: `CRDB-${++seq}`, ...over });
const post = (session: Session, payload: unknown, headers: Record<string, string> = {}) =>
  session.agent.post('/v1/wallet/top-ups').set('X-CSRF-Token', session.csrf).set(headers).send(payload as object);
const count = async (orgId = org.id) => Number((await env.sql<{ n: string }>('select count(*) as n from top_up_requests where organization_id = ?', [orgId]))[0]!.n);
const wallet = async (orgId = org.id) => (await env.sql<{ available: string; credited: string }>('select available, credited from wallets where organization_id = ?', [orgId]))[0]!;
const topUpEntries = async (orgId = org.id) => Number((await env.sql<{ n: string }>("select count(*) as n from ledger_entries where organization_id = ? and kind = 'top_up'", [orgId]))[0]!.n);

async function requested(session: Session = s.billing!, over: Record<string, unknown> = {}) {
  const res = await post(session, body(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.top_up as Record<string, any>;
}

function expectRefusal(res: request.Response, status: number, code: string, field?: string, details?: Record<string, unknown>) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ success: false, error: { code, message: expect.any(String), ...(field ? { field } : {}), ...(details ? { details } : {}) } });
}

describe('POST /v1/wallet/top-ups', () => {
  it('records a pending request (201) that moves no money, and audits it', async () => {
    const before = await wallet();
    const res = await post(s.billing!, { amount: 1_250_000, method: 'mobile_money', reference: '  MP240611.1234.A  ', note: 'paid from M-Pesa 0754' });
    expect(res.status).toBe(201);
    const topUp = res.body.data.top_up;
    expect(res.body.data).toEqual({
      top_up: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'pending',
        amount: 1_250_000,
        currency: 'TZS',
        method: 'mobile_money',
        reference: 'MP240611.1234.A',
        note: 'paid from M-Pesa 0754',
        requested_by: org.members.billing!.id,
        credited_amount: null,
        ledger_entry_id: null,
        decline_reason: null,
        provider: null,
        payer_phone: null,
        transaction_id: null,
        failure_code: null,
        failure_reason: null,
        created_at: '2026-11-22T09:00:00.000Z',
        decided_at: null,
      },
    });
    // A pending request is not balance.
    expect(await wallet()).toEqual(before);
    const view = await request(env.app).get('/v1/wallet').set(bearer(org.keys.wallet!.secret));
    expect(view.body.data.wallet).toMatchObject({ available: 5_000, held: 0 });
    const audit = await env.sql("select actor_type, actor_id, target_type, details from audit_events where action = 'wallet.top_up_requested' and target_id = ?", [topUp.id]);
    expect(audit).toEqual([
      { actor_type: 'member', actor_id: org.members.billing!.id, target_type: 'top_up_request', details: { amount: 1_250_000, method: 'mobile_money', reference: 'MP240611.1234.A' } },
    ]);
  });

  it.each(['owner', 'admin', 'billing'])('a signed-in %s may ask', async (role) => {
    expect((await requested(s[role]!)).requested_by).toBe(org.members[role]!.id);
  });

  it.each(['developer', 'marketer', 'analyst'])('a signed-in %s is 403 forbidden and nothing is written', async (role) => {
    const before = await count();
    expectRefusal(await post(s[role]!, body()), 403, 'forbidden');
    expect(await count()).toBe(before);
  });

  it('API keys never top up the wallet: 403 insufficient_scope for live and test keys with every scope', async () => {
    const before = await count();
    for (const key of ['live', 'test', 'wallet']) {
      expectRefusal(await request(env.app).post('/v1/wallet/top-ups').set(bearer(org.keys[key]!.secret)).send(body()), 403, 'insufficient_scope');
    }
    expect(await count()).toBe(before);
  });

  it('needs the X-CSRF-Token of the session', async () => {
    const before = await count();
    expectRefusal(await s.owner!.agent.post('/v1/wallet/top-ups').send(body()), 403, 'forbidden', 'X-CSRF-Token');
    expect(await count()).toBe(before);
  });

  it('accepts the largest amount and no more', async () => {
    expect((await requested(s.owner!, { amount: MAX_TOP_UP_REQUEST_CENTS })).amount).toBe(MAX_TOP_UP_REQUEST_CENTS);
    expect((await requested(s.owner!, { amount: 1 })).amount).toBe(1);
  });

  it.each([
    ['amount 0', { amount: 0 }, 'amount'],
    ['a negative amount', { amount: -100 }, 'amount'],
    ['a fraction of a cent', { amount: 10.5 }, 'amount'],
    ['an amount as text', { amount: '250000' }, 'amount'],
    ['an amount over the maximum', { amount: MAX_TOP_UP_REQUEST_CENTS + 1 }, 'amount'],
    ['no amount', { amount: undefined }, 'amount'],
    ['an unknown method', { method: 'cash' }, 'method'],
    ['no method', { method: undefined }, 'method'],
    ['a blank reference', { reference: '   ' }, 'reference'],
    ['a reference over 100 characters', { reference: 'R'.repeat(101) }, 'reference'],
    ['a reference without a letter or digit', { reference: '- \u2011 -' }, 'reference'],
    ['a note over 500 characters', { note: 'n'.repeat(501) }, 'note'],
    ['an unknown field', { currency: 'USD' }, 'currency'],
    ['a control character', { reference: 'REF\u0000' }, 'reference'],
  ])('refuses %s with 422 validation_failed naming the field, and writes nothing', async (_name, over, field) => {
    const before = await count();
    const audits = await env.sql("select id from audit_events where action = 'wallet.top_up_requested'");
    expectRefusal(await post(s.owner!, body(over)), 422, 'validation_failed', field);
    expect(await count()).toBe(before);
    expect(await env.sql("select id from audit_events where action = 'wallet.top_up_requested'")).toHaveLength(audits.length);
  });

  it('a repeated X-Idempotency-Key replays the first answer and writes one request; another body is 409', async () => {
    const payload = body();
    const key = { 'X-Idempotency-Key': `top-up-${seq}` };
    const first = await post(s.owner!, payload, key);
    expect(first.status).toBe(201);
    const again = await post(s.owner!, payload, key);
    expect(again.status).toBe(201);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await env.sql('select id from top_up_requests where reference = ?', [payload.reference])).toHaveLength(1);
    const before = await count();
    expectRefusal(await post(s.owner!, { ...payload, amount: 1 }, key), 409, 'idempotency_conflict', 'X-Idempotency-Key');
    expect(await count()).toBe(before);
  });

  it('one payment reference, one live request: 409 conflict (field reference) while pending or credited, free again once declined', async () => {
    const first = await requested(s.owner!, { reference: 'NMB-778899' });
    const before = await count();
    expectRefusal(await post(s.billing!, body({ reference: 'nmb-778899' })), 409, 'conflict', 'reference', { claimed_by: 'this_organization', top_up: first.id });
    // The same reference however its dashes, spaces and letters are written.
    expectRefusal(await post(s.billing!, body({ reference: 'nmb\u2011778\u00a0899' })), 409, 'conflict', 'reference', { claimed_by: 'this_organization', top_up: first.id });
    expect(await count()).toBe(before);
    await declineTopUp(await env.ctx(), operator, { topUpId: first.id, reason: 'no such transfer on our statement' });
    const second = await requested(s.billing!, { reference: 'NMB-778899' });
    await creditTopUp(await env.ctx(), operator, { organizationId: org.id, topUpId: second.id, amount: 100n, reference: 'bank 1' });
    expectRefusal(await post(s.billing!, body({ reference: 'NMB 778899' })), 409, 'conflict', 'reference', { claimed_by: 'this_organization', top_up: second.id });
    // An organization's own duplicate is not a clash for the operator.
    expect(await env.sql('select id from top_up_reference_clashes where organization_id = ?', [org.id])).toEqual([]);
  });
});

describe('GET /v1/wallet/top-ups', () => {
  it('lists newest first in keyset pages, filters by status, and shows each decision', async () => {
    const fresh = await createOrg(env, { members: { billing: 'billing' }, keys: {} });
    const billing = await signInAs(env, fresh.members.billing!);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await requested(billing));
    const credited = await creditTopUp(await env.ctx(), operator, { organizationId: fresh.id, topUpId: made[0]!.id, amount: 240_000n, reference: 'CRDB statement 12' });
    await declineTopUp(await env.ctx(), operator, { topUpId: made[1]!.id, reason: 'amount not received' });
    const page1 = await billing.agent.get('/v1/wallet/top-ups').query({ limit: 2 });
    expect(page1.status).toBe(200);
    expect(page1.body.data.top_ups.map((t: { id: string }) => t.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page1.body.data.next_before).toBe(made[1]!.id);
    const page2 = await billing.agent.get('/v1/wallet/top-ups').query({ limit: 2, before: page1.body.data.next_before });
    expect(page2.body.data).toEqual({ top_ups: [expect.objectContaining({ id: made[0]!.id })], next_before: null });
    expect(page2.body.data.top_ups[0]).toMatchObject({
      status: 'credited',
      amount: 250_000,
      credited_amount: 240_000,
      ledger_entry_id: credited.ledger_entry_id,
      decided_at: '2026-11-22T09:00:00.000Z',
      decline_reason: null,
    });
    const declined = await billing.agent.get('/v1/wallet/top-ups').query({ status: 'declined' });
    expect(declined.body.data.top_ups).toEqual([expect.objectContaining({ id: made[1]!.id, status: 'declined', decline_reason: 'amount not received', credited_amount: null })]);
    const pending = await billing.agent.get('/v1/wallet/top-ups').query({ status: 'pending' });
    expect(pending.body.data.top_ups.map((t: { id: string }) => t.id)).toEqual([made[2]!.id]);
    // The ledger shows the credit, and only it.
    const ledger = await billing.agent.get('/v1/wallet/ledger').query({ kind: 'top_up' });
    expect(ledger.body.data.entries).toEqual([expect.objectContaining({ id: credited.ledger_entry_id, amount: 240_000, reference: 'CRDB statement 12' })]);
  });

  it('each organization sees its own requests only', async () => {
    await requested(otherOwner);
    const mine = (await s.owner!.agent.get('/v1/wallet/top-ups').query({ limit: 100 })).body.data.top_ups as { id: string }[];
    const theirs = (await otherOwner.agent.get('/v1/wallet/top-ups')).body.data.top_ups as { id: string }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.filter((t) => theirs.some((o) => o.id === t.id))).toEqual([]);
    expect(mine.length).toBe(await count());
  });

  it.each([
    ['owner', 200],
    ['admin', 200],
    ['billing', 200],
    ['developer', 200],
    ['analyst', 200],
    ['marketer', 403],
  ] as const)('a signed-in %s gets %i (wallet.read)', async (role, status) => {
    const res = await s[role]!.agent.get('/v1/wallet/top-ups');
    expect(res.status).toBe(status);
    if (status === 403) expectRefusal(res, 403, 'forbidden');
  });

  it('API keys cannot list them, even with wallet:read: 403 insufficient_scope', async () => {
    expectRefusal(await request(env.app).get('/v1/wallet/top-ups').set(bearer(org.keys.wallet!.secret)), 403, 'insufficient_scope');
  });

  it.each([
    [{ status: 'approved' }, 'status'],
    [{ limit: 0 }, 'limit'],
    [{ before: 'nope' }, 'before'],
    [{ kind: 'top_up' }, 'kind'],
  ])('refuses the query %j with 422 validation_failed naming %s', async (query, field) => {
    expectRefusal(await s.owner!.agent.get('/v1/wallet/top-ups').query(query), 422, 'validation_failed', field);
  });
});

describe("the operator's decision", () => {
  it('credits once: the entry and the request commit together; a second credit is 409 conflict and writes no entry', async () => {
    const topUp = await requested();
    const [entriesBefore, walletBefore] = [await topUpEntries(), await wallet()];
    const done = await creditTopUp(await env.ctx(), operator, { organizationId: org.id, topUpId: topUp.id, amount: 250_000n, reference: 'CRDB 0042' });
    expect(done.top_up).toMatchObject({ id: topUp.id, organization_id: org.id, status: 'credited', credited_amount: 250_000, ledger_entry_id: done.ledger_entry_id });
    expect(Number((await wallet()).available)).toBe(Number(walletBefore.available) + 250_000);
    const again = creditTopUp(await env.ctx(), operator, { organizationId: org.id, topUpId: topUp.id, amount: 250_000n, reference: 'CRDB 0042 again' });
    await expect(again).rejects.toMatchObject({ code: 'conflict', field: 'top_up', details: { status: 'credited' } });
    await expect(declineTopUp(await env.ctx(), operator, { topUpId: topUp.id, reason: 'too late' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await topUpEntries()).toBe(entriesBefore + 1);
    expect(Number((await wallet()).available)).toBe(Number(walletBefore.available) + 250_000);
    const audit = await env.sql<{ action: string; target_id: string }>(
      "select action, target_id from audit_events where organization_id = ? and action in ('wallet.top_up', 'wallet.top_up_request_credited') and target_id in (?, ?) order by action",
      [org.id, topUp.id, done.ledger_entry_id],
    );
    expect(audit).toEqual([
      { action: 'wallet.top_up', target_id: done.ledger_entry_id },
      { action: 'wallet.top_up_request_credited', target_id: topUp.id },
    ]);
  });

  it('two credits of one request at once: one succeeds, the other is refused, one ledger entry', async () => {
    const topUp = await requested();
    const [entriesBefore, walletBefore] = [await topUpEntries(), await wallet()];
    let racing: Promise<PromiseSettledResult<unknown>[]> = Promise.resolve([]);
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('select id from top_up_requests where id = ? for update', [topUp.id]);
      racing = Promise.allSettled(
        [1, 2].map(async (i) => creditTopUp(await env.ctx(), operator, { organizationId: org.id, topUpId: topUp.id, amount: 250_000n, reference: `race ${i}` })),
      );
      await waitForLockWaiters(env, 2);
    });
    const results = await racing;
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict', field: 'top_up' });
    expect(await topUpEntries()).toBe(entriesBefore + 1);
    expect(Number((await wallet()).available)).toBe(Number(walletBefore.available) + 250_000);
  });

  it("a request is credited only into its own organization's wallet (404 not_found), and nothing moves", async () => {
    const topUp = await requested();
    const [theirs, mine] = [await wallet(other.id), await wallet()];
    await expect(creditTopUp(await env.ctx(), operator, { organizationId: other.id, topUpId: topUp.id, amount: 1n, reference: 'wrong org' })).rejects.toMatchObject({
      code: 'not_found',
      field: 'top_up',
    });
    expect([await wallet(other.id), await wallet()]).toEqual([theirs, mine]);
    expect((await env.sql<{ status: string }>('select status from top_up_requests where id = ?', [topUp.id]))[0]!.status).toBe('pending');
  });

  it('declines with the reason, audited; a declined request is never credited', async () => {
    const topUp = await requested();
    const entries = await topUpEntries();
    const input = ZDeclineTopUpInput.parse({ topUpId: topUp.id, reason: '  No transfer with this reference.  ' });
    const done = await declineTopUp(await env.ctx(), operator, input);
    expect(done.top_up).toMatchObject({ status: 'declined', decline_reason: 'No transfer with this reference.', credited_amount: null, ledger_entry_id: null });
    await expect(creditTopUp(await env.ctx(), operator, { organizationId: org.id, topUpId: topUp.id, amount: 1n, reference: 'late' })).rejects.toMatchObject({
      code: 'conflict',
      details: { status: 'declined' },
    });
    expect(await topUpEntries()).toBe(entries);
    const audit = await env.sql("select actor_type, details from audit_events where action = 'wallet.top_up_request_declined' and target_id = ?", [topUp.id]);
    expect(audit).toEqual([{ actor_type: 'operator', details: { amount: 250_000, reason: 'No transfer with this reference.' } }]);
  });
});

describe('OpenAPI', () => {
  it('documents both operations as members only, with their permissions', async () => {
    const doc = (await request(env.app).get('/v1/openapi.json')).body;
    const post = doc.paths['/v1/wallet/top-ups'].post;
    expect(post).toMatchObject({ operationId: 'requestTopUp', 'x-svc-scopes': [], 'x-svc-permission': 'wallet.top_up' });
    expect(post.responses['201']).toBeDefined();
    expect(post.parameters).toContainEqual(expect.objectContaining({ name: 'X-Idempotency-Key', in: 'header', required: false }));
    // Two forms: a push payment by mobile money, and a payment made elsewhere.
    const [pushForm, filedForm] = post.requestBody.content['application/json'].schema.anyOf;
    expect(pushForm.properties.amount_tzs).toMatchObject({ type: 'integer', minimum: 1000, maximum: 5_000_000 });
    expect(pushForm.required).toEqual(['method', 'provider', 'phone', 'amount_tzs']);
    expect(filedForm.properties.amount).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_TOP_UP_REQUEST_CENTS });
    expect(doc.paths['/v1/wallet/top-ups'].get).toMatchObject({ operationId: 'listTopUps', 'x-svc-scopes': [], 'x-svc-permission': 'wallet.read' });
  });
});
