// Money in by mobile money, over HTTP against the built-in aggregator simulator (real HTTP both ways: the checkout
// and status calls out, the signed callbacks in): every outcome the payer's last digit gives, the status task,
// callbacks proven or refused, a payment credited once however many times it is announced, the paybill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { startPayments, signedNotice, type TestPayments } from '../support/mobile-money.ts';
import { checkPushPayments } from '../../core/app/payments/check-push-payments.ts';
import { listTopUpsForOperator } from '../../core/app/wallet/top-ups/list-top-ups-for-operator.ts';
import { assignPayment, listPaymentsForOperator } from '../../core/app/payments/operator-payments.ts';
import { creditTopUp } from '../../core/app/wallet/top-ups/credit-top-up.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';

let env: TestEnv;
let pay: TestPayments;
let org: OrgFixture;
let other: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
let seq = 0;

beforeAll(async () => {
  env = await setupTestEnv();
  pay = await startPayments(env);
  org = await createOrg(env, { members: { owner: 'owner', analyst: 'analyst' }, keys: { live: { mode: 'live' } } });
  other = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
  owner = await signInAs(env, org.members.owner!);
  // The owner gets the receipt of each credit by SMS (owners' default) on this verified number.
  await env.sql('insert into member_phones (member_id, organization_id, phone, verified_at, created_at, updated_at) values (?, ?, ?, now(), now(), now())', [org.members.owner!.id, org.id, OWNER_PHONE]);
});

const OWNER_PHONE = '+255754900100';
/** The system messages (receipts) queued for the owner's phone, oldest first. */
const receipts = () =>
  env.sql<{ body: string; charge: string }>(
    "select m.body, m.charge from messages m join system_messages s on s.message_id = m.id where m.to_phone = ? and s.purpose = 'top_up_receipt' order by m.id",
    [OWNER_PHONE],
  );
afterAll(() => pay?.close());

/** A Vodacom number ending in the digit that picks the simulator's outcome, different for each test. */
const vodacom = (last: number) => `0754${String(++seq % 100_000).padStart(5, '0')}${last}`;

const start = (body: Record<string, unknown>, key: string | null = `k-${++seq}`) => {
  const call = owner.agent.post('/v1/wallet/top-ups').set('X-CSRF-Token', owner.csrf);
  return (key === null ? call : call.set('X-Idempotency-Key', key)).send(body);
};
const push = (last: number, amountTzs = 10_000, over: Record<string, unknown> = {}) =>
  start({ method: 'mobile_money', provider: 'mpesa', phone: vodacom(last), amount_tzs: amountTzs, ...over });

async function started(last: number, amountTzs = 10_000) {
  const res = await push(last, amountTzs);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.top_up as Record<string, any>;
}

const topUpRow = async (id: string) => (await env.sql<Record<string, any>>('select * from top_up_requests where id = ?', [id]))[0]!;
const available = async (orgId = org.id) => BigInt((await env.sql<{ available: string }>('select available from wallets where organization_id = ?', [orgId]))[0]!.available);
const topUpEntries = (orgId = org.id) => env.sql<{ amount: string; reference: string }>("select amount, reference from ledger_entries where organization_id = ? and kind = 'top_up' order by id", [orgId]);
const payments = (transactionId: string) => env.sql<Record<string, any>>('select * from mobile_money_payments where transaction_id = ?', [transactionId]);

/** Waits (real time: the simulator's payer takes its delay) until the top-up leaves pending, or `ms` pass. */
async function settled(id: string, ms = 15_000): Promise<Record<string, any>> {
  const until = Date.now() + ms;
  for (;;) {
    const row = await topUpRow(id);
    if (row.status !== 'pending' || Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Moves the test clock and runs the status task's work once. */
async function checkAfter(minutes: number) {
  env.clock.advance(minutes * 60_000);
  return checkPushPayments(await env.ctx());
}

describe('a push payment', () => {
  it('is pending with the aggregator\'s id at once, then credited by the callback: one entry, one payment row', async () => {
    const before = await available();
    const topUp = await started(0, 10_000);
    expect(topUp).toMatchObject({ status: 'pending', amount: 1_000_000, method: 'mobile_money', provider: 'mpesa', credited_amount: null, failure_code: null });
    expect(topUp.transaction_id).toEqual(expect.any(String));
    expect(topUp.payer_phone).toMatch(/^\+255754[0-9]{6}$/);
    const row = await settled(topUp.id);
    expect(row).toMatchObject({ status: 'credited', credited_amount: '1000000', flag: null });
    expect(await available()).toBe(before + 1_000_000n);
    const [payment] = await payments(topUp.transaction_id);
    expect(payment).toMatchObject({ kind: 'push', status: 'credited', organization_id: org.id, top_up_request_id: topUp.id, amount: '1000000', ledger_entry_id: row.ledger_entry_id });
    const entry = await env.sql<{ amount: string; reference: string; actor_type: string }>('select amount, reference, actor_type from ledger_entries where id = ?', [row.ledger_entry_id]);
    expect(entry).toEqual([{ amount: '1000000', reference: `M-Pesa ${topUp.transaction_id}`, actor_type: 'system' }]);
    const followed = await owner.agent.get(`/v1/wallet/top-ups/${topUp.id}`);
    expect(followed.body.data.top_up).toMatchObject({ status: 'credited', credited_amount: 1_000_000, ledger_entry_id: row.ledger_entry_id });
    // The owner's receipt, a system message charged to nobody, queued with the credit.
    const [receipt] = await receipts();
    expect(receipt!.charge).toBe('none');
    expect(receipt!.body).toContain('TZS 10,000');
  });

  it('declined for insufficient funds (last digit 1): failed, nothing credited', async () => {
    const before = await available();
    const topUp = await started(1);
    const row = await settled(topUp.id);
    expect(row).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds', credited_amount: null, ledger_entry_id: null });
    expect(await available()).toBe(before);
    expect(await payments(topUp.transaction_id)).toEqual([]);
  });

  it('cancelled by the payer (7): failed, payer_cancelled', async () => {
    const topUp = await started(7);
    expect(await settled(topUp.id)).toMatchObject({ status: 'failed', failure_code: 'payer_cancelled' });
  });

  it('refused by the aggregator at the checkout (8): answered failed at once', async () => {
    const before = await available();
    const topUp = await started(8);
    expect(topUp).toMatchObject({ status: 'failed', failure_code: 'refused', transaction_id: null });
    expect(await available()).toBe(before);
  });

  it('with no callback at all (2): still pending, then credited once by the status task', async () => {
    const before = await available();
    const topUp = await started(2);
    expect((await settled(topUp.id, 3 * pay.callbackDelayMs)).status).toBe('pending');
    expect(await checkAfter(1)).toMatchObject({ asked: 0 });
    const summary = await checkAfter(3);
    expect(summary).toMatchObject({ credited: 1 });
    expect(await topUpRow(topUp.id)).toMatchObject({ status: 'credited', credited_amount: '1000000' });
    expect(await available()).toBe(before + 1_000_000n);
    expect(await checkAfter(10)).toMatchObject({ asked: 0 });
    expect(await available()).toBe(before + 1_000_000n);
  });

  it('called back twice (3): credited once', async () => {
    const before = await available();
    const topUp = await started(3);
    await settled(topUp.id);
    // The second callback follows the first: wait for it to be answered too.
    const receiptsBefore = (await receipts()).length;
    await pay.waitForCallbacks(topUp.transaction_id, 2);
    expect(await available()).toBe(before + 1_000_000n);
    expect(await payments(topUp.transaction_id)).toHaveLength(1);
    expect(await receipts()).toHaveLength(receiptsBefore);
  });

  it('paid a different amount (4): what was paid is credited, flagged for the operator', async () => {
    const before = await available();
    const topUp = await started(4, 10_000);
    const row = await settled(topUp.id);
    expect(row).toMatchObject({ status: 'credited', credited_amount: '950000', flag: 'amount_differs' });
    expect(await available()).toBe(before + 950_000n);
    const flagged = await listTopUpsForOperator(await env.ctx(), { flagged: true, limit: 50 });
    expect(flagged.top_ups.map((t) => t.id)).toContain(topUp.id);
    expect(flagged.top_ups.find((t) => t.id === topUp.id)).toMatchObject({ flag: 'amount_differs', amount: 1_000_000, credited_amount: 950_000 });
  });

  it('whose status call fails (5) is still credited by its callback', async () => {
    const topUp = await started(5);
    expect(await settled(topUp.id)).toMatchObject({ status: 'credited' });
  });

  it('never answered (6): asked again with a growing gap, then expired after a day and shown to the operator', async () => {
    const topUp = await started(6);
    const first = await checkAfter(4);
    expect(first.waiting).toBeGreaterThanOrEqual(1);
    const once = await topUpRow(topUp.id);
    expect(once).toMatchObject({ status: 'pending', status_checks: 1 });
    expect(new Date(once.next_status_check_at).getTime()).toBe((await env.clock.now()).getTime() + 6 * 60_000);
    await checkAfter(25 * 60);
    const row = await topUpRow(topUp.id);
    expect(row).toMatchObject({ status: 'expired', failure_code: 'expired', ledger_entry_id: null });
    const listed = await listTopUpsForOperator(await env.ctx(), { status: 'expired', limit: 50 });
    expect(listed.top_ups.find((t) => t.id === topUp.id)).toMatchObject({ status: 'expired', transaction_id: topUp.transaction_id });
    // A day went by: the session with it.
    owner = await signInAs(env, org.members.owner!);
  });

  it('whose checkout is never answered (9): pending without an id, settled by the status task asking by our reference', async () => {
    const before = await available();
    const topUp = await started(9);
    expect(topUp).toMatchObject({ status: 'pending', transaction_id: null });
    await checkAfter(4);
    expect(await topUpRow(topUp.id)).toMatchObject({ status: 'credited' });
    expect(await available()).toBe(before + 1_000_000n);
  });
});

describe('starting a push payment', () => {
  const rows = async () => Number((await env.sql<{ n: string }>('select count(*) as n from top_up_requests where organization_id = ?', [org.id]))[0]!.n);

  it.each([
    ['a number of another network', { phone: '0684123450' }, 422, 'validation_failed', 'phone'],
    ['a number that is not a mobile', { phone: '022 212 3456' }, 422, 'validation_failed', 'phone'],
    ['too little', { amount_tzs: 999 }, 422, 'validation_failed', 'amount_tzs'],
    ['too much', { amount_tzs: 5_000_001 }, 422, 'validation_failed', 'amount_tzs'],
    ['shillings with cents', { amount_tzs: 1000.5 }, 422, 'validation_failed', 'amount_tzs'],
    ['an unknown wallet', { provider: 'mpsa' }, 422, 'validation_failed', 'provider'],
  ])('refuses %s and leaves nothing', async (_label, over, status, code, field) => {
    const before = await rows();
    const res = await push(0, 10_000, over);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toMatchObject({ code, field });
    expect(await rows()).toBe(before);
  });

  it('needs an idempotency key (400) and a member: an API key is 403', async () => {
    const before = await rows();
    const res = await start({ method: 'mobile_money', provider: 'mpesa', phone: vodacom(0), amount_tzs: 10_000 }, null);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'X-Idempotency-Key' });
    const byKey = await request(env.app).post('/v1/wallet/top-ups').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', 'x1').send({ method: 'mobile_money', provider: 'mpesa', phone: vodacom(0), amount_tzs: 10_000 });
    expect(byKey.status).toBe(403);
    const analyst = await signInAs(env, org.members.analyst!);
    const forbidden = await analyst.agent.post('/v1/wallet/top-ups').set('X-CSRF-Token', analyst.csrf).set('X-Idempotency-Key', 'x2').send({ method: 'mobile_money', provider: 'mpesa', phone: vodacom(0), amount_tzs: 10_000 });
    expect(forbidden.status).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('replays the same push payment for the same key (200), prompting the payer once', async () => {
    const before = await rows();
    const body = { method: 'mobile_money', provider: 'mpesa', phone: vodacom(6), amount_tzs: 2_000 };
    const first = await start(body, 'same-key');
    const again = await start(body, 'same-key');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.top_up.id).toBe(first.body.data.top_up.id);
    expect(await rows()).toBe(before + 1);
    const conflict = await start({ ...body, amount_tzs: 3_000 }, 'same-key');
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
  });

  it('is never credited or declined by the operator by hand', async () => {
    const topUp = await started(6);
    await expect(creditTopUp(await env.ctx(), operator, { organizationId: org.id, topUpId: topUp.id, amount: 1_000_000n, reference: 'by hand' })).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('callbacks', () => {
  const counts = async () => {
    const [c] = await env.sql<Record<string, string>>(
      `select (select count(*) from mobile_money_payments) as payments, (select count(*) from ledger_entries) as entries,
              (select count(*) from audit_events) as audits, (select count(*) from top_up_requests where status <> 'pending') as decided`,
    );
    return c;
  };

  it('refuses a bad signature and an unsigned one with 401, writing nothing', async () => {
    const topUp = await started(6);
    const before = await counts();
    const { body, headers } = signedNotice(pay, { externalId: topUp.id, transactionId: 'TX-FORGED-1', amountTzs: 10_000, paid: true });
    const tampered = body.replace('10000', '90000');
    const forged = await request(env.app).post(REST_PATHS.receiveMobileMoneyNotice).set(headers).set('Content-Type', 'application/json').send(tampered);
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('unauthorized');
    const unsigned = await request(env.app).post(REST_PATHS.receiveMobileMoneyNotice).set('Content-Type', 'application/json').send(body);
    expect(unsigned.status).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await topUpRow(topUp.id)).toMatchObject({ status: 'pending' });
  });

  it('20 copies of one payment at once credit it once', async () => {
    const topUp = await started(6);
    const before = await available();
    const notice = signedNotice(pay, { externalId: topUp.id, transactionId: `TX-RACE-${seq}`, amountTzs: 10_000, paid: true });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => request(env.app).post(REST_PATHS.receiveMobileMoneyNotice).set(notice.headers).set('Content-Type', 'application/json').send(notice.body)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.data.outcome === 'credited')).toHaveLength(1);
    expect(answers.filter((a) => a.body.data.outcome === 'duplicate')).toHaveLength(19);
    expect(await available()).toBe(before + 1_000_000n);
    expect(await payments(`TX-RACE-${seq}`)).toHaveLength(1);
  });
});

describe('the paybill', () => {
  it('credits the organization whose account number was paid, once per transaction', async () => {
    const details = await owner.agent.get('/v1/wallet/payment-details');
    expect(details.status).toBe(200);
    const { account_reference, paybill_number } = details.body.data;
    expect(paybill_number).toBe(env.deps.config.payments.paybillNumber);
    expect((await owner.agent.get('/v1/wallet/payment-details')).body.data.account_reference).toBe(account_reference);
    const before = await available();
    const otherBefore = await available(other.id);
    const transactionId = await pay.payToPaybill({ accountReference: account_reference, amountTzs: 25_000, twice: true });
    const [payment] = await pay.waitForPayment(transactionId);
    expect(payment).toMatchObject({ kind: 'paybill', status: 'credited', organization_id: org.id, amount: '2500000' });
    await pay.waitForCallbacks(transactionId, 2);
    expect(await payments(transactionId)).toHaveLength(1);
    expect(await available()).toBe(before + 2_500_000n);
    expect(await available(other.id)).toBe(otherBefore);
    expect((await topUpEntries()).at(-1)).toEqual({ amount: '2500000', reference: `Paybill ${transactionId}` });
  });

  it('keeps a payment to an unknown account number for the operator, who assigns it once', async () => {
    const before = await available(other.id);
    const transactionId = await pay.payToPaybill({ accountReference: '12345678', amountTzs: 5_000 });
    const [payment] = await pay.waitForPayment(transactionId);
    expect(payment).toMatchObject({ kind: 'paybill', status: 'unmatched', organization_id: null, ledger_entry_id: null, account_reference: '12345678' });
    const unmatched = await listPaymentsForOperator(await env.ctx(), { unmatched: true, limit: 50 });
    expect(unmatched.payments.map((p) => p.id)).toContain(payment!.id);
    await assignPayment(await env.ctx(), { paymentId: payment!.id, organizationId: other.id });
    expect(await available(other.id)).toBe(before + 500_000n);
    await expect(assignPayment(await env.ctx(), { paymentId: payment!.id, organizationId: org.id })).rejects.toMatchObject({ code: 'conflict' });
    expect(await available(other.id)).toBe(before + 500_000n);
  });
});
