// The operator CLI's top-up commands, run as real child processes against this file's PostgreSQL database:
// the queue (with each request's clashes: another organization's filing of the same payment reference), a
// credit against a request (once, even when two run at once) and declining one.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantActor } from '../../core/app/actor.ts';
import { requestTopUp } from '../../core/app/wallet/top-ups/request-top-up.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { opsOk, runOps } from '../support/ops.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let url = '';
let org: OrgFixture;
let other: OrgFixture;
let seq = 0;

const ops = (args: string[]) => runOps(url, args);
const ok = (args: string[]) => opsOk(url, args);

async function refused(args: string[], exit: number, code: string, field?: string) {
  const run = await ops(args);
  expect(run.code, JSON.stringify(run.out)).toBe(exit);
  expect(run.out.error).toMatchObject({ code, message: expect.any(String), ...(field ? { field } : {}) });
}

const billingOf = (fixture: OrgFixture): TenantActor => ({ kind: 'member', organizationId: fixture.id, memberId: fixture.members.billing!.id, role: 'billing', sessionId: 'cli-test' });

/** A billing member's request, made through the use case REST calls. */
async function requested(fixture: OrgFixture = org, amount = 300_000, reference = `NMB-${++seq}`) {
  const { top_up } = await requestTopUp(await env.ctx(), billingOf(fixture), { amount, method: 'bank_transfer', reference });
  return top_up;
}

const ledger = async (orgId = org.id) =>
  env.sql<{ id: string; amount: string; reference: string }>("select id, amount, reference from ledger_entries where organization_id = ? and kind = 'top_up' order by id", [orgId]);
const available = async (orgId = org.id) => Number((await env.sql<{ a: string }>('select available as a from wallets where organization_id = ?', [orgId]))[0]!.a);
const statusOf = async (id: string) => (await env.sql<{ status: string }>('select status from top_up_requests where id = ?', [id]))[0]!.status;

beforeAll(async () => {
  env = await setupTestEnv();
  url = await testDatabaseUrl();
  org = await createOrg(env, { members: { billing: 'billing' }, keys: {} });
  other = await createOrg(env, { members: { billing: 'billing' }, keys: {} });
}, 60_000);

describe('ops top-ups list', () => {
  it("lists one organization's requests, or every organization's, filtered by status", async () => {
    const [mine, theirs] = [await requested(org), await requested(other)];
    const one = await ok(['top-ups', 'list', org.id, '--status', 'pending']);
    expect(one.top_ups).toContainEqual({ ...mine, organization_id: org.id, flag: null, status_checks: 0, next_status_check_at: null, last_status_error: null, clashes: [] });
    expect(one.top_ups.every((t: { organization_id: string }) => t.organization_id === org.id)).toBe(true);
    const all = await ok(['top-ups', 'list', '--status', 'pending', '--limit', '100']);
    expect(all.top_ups.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.top_ups[0].id).toBe(theirs.id);
    expect((await ok(['top-ups', 'list', org.id, '--status', 'declined'])).top_ups).toEqual([]);
  }, 60_000);
});

describe('ops top-ups list: clashes', () => {
  it("shows another organization's refused filing of a request's reference, and --clashing lists only such requests", async () => {
    const mine = await requested(org, 300_000, `SELCOM-77-${++seq}`);
    const plain = await requested(org);
    const refusal = requestTopUp(await env.ctx(), billingOf(other), { amount: 300_000, method: 'mobile_money', reference: mine.reference.replaceAll('-', '\u2011').toLowerCase() });
    await expect(refusal).rejects.toMatchObject({ code: 'conflict', field: 'reference', details: { claimed_by: 'another_organization' } });
    const clash = {
      id: expect.any(String),
      organization_id: other.id,
      status: 'refused',
      reference: mine.reference.replaceAll('-', '\u2011').toLowerCase(),
      amount: 300_000,
      requested_by: other.members.billing!.id,
      created_at: expect.any(String),
    };
    const listed = await ok(['top-ups', 'list', org.id, '--limit', '100']);
    expect(listed.top_ups.find((t: { id: string }) => t.id === mine.id).clashes).toEqual([clash]);
    expect(listed.top_ups.find((t: { id: string }) => t.id === plain.id).clashes).toEqual([]);
    // Nothing of the other organization's became a request.
    expect((await ok(['top-ups', 'list', other.id, '--limit', '100'])).top_ups.map((t: { reference: string }) => t.reference)).not.toContain(clash.reference);
    const clashing = await ok(['top-ups', 'list', '--clashing', '--limit', '100']);
    expect(clashing.top_ups.map((t: { id: string }) => t.id)).toContain(mine.id);
    expect(clashing.top_ups.every((t: { clashes: unknown[] }) => t.clashes.length > 0)).toBe(true);
    // The operator's credit shows it too.
    const credited = await ok(['wallet', 'credit', org.id, '--amount', '300000', '--reference', 'SELCOM statement', '--top-up', mine.id]);
    expect(credited.top_up.clashes).toEqual([clash]);
  }, 60_000);
});

describe('ops wallet credit --top-up', () => {
  it('credits against the request: one ledger entry, the request credited with it, both audited', async () => {
    const topUp = await requested();
    const before = await available();
    const out = await ok(['wallet', 'credit', org.id, '--amount', '295000', '--reference', 'NMB statement 3', '--top-up', topUp.id]);
    expect(out.top_up).toMatchObject({ id: topUp.id, status: 'credited', amount: 300_000, credited_amount: 295_000, ledger_entry_id: out.ledger_entry_id });
    expect(out.wallet.available).toBe(before + 295_000);
    const entries = await ledger();
    expect(entries.filter((e) => e.id === out.ledger_entry_id)).toEqual([{ id: out.ledger_entry_id, amount: '295000', reference: 'NMB statement 3' }]);
    const audit = await env.sql<{ action: string; actor_type: string }>(
      'select action, actor_type from audit_events where target_id in (?, ?) order by action',
      [topUp.id, out.ledger_entry_id],
    );
    expect(audit).toEqual([
      { action: 'wallet.top_up', actor_type: 'operator' },
      { action: 'wallet.top_up_request_credited', actor_type: 'operator' },
      { action: 'wallet.top_up_requested', actor_type: 'member' },
    ]);
    // A second credit of the same request is refused and writes nothing.
    await refused(['wallet', 'credit', org.id, '--amount', '295000', '--reference', 'again', '--top-up', topUp.id], 1, 'conflict', 'top_up');
    expect(await ledger()).toEqual(entries);
    expect(await available()).toBe(before + 295_000);
  }, 60_000);

  it('two credits of one request at once: exactly one succeeds, one ledger entry', async () => {
    const topUp = await requested();
    const [entries, before] = [(await ledger()).length, await available()];
    const runs = await Promise.all([1, 2].map((i) => ops(['wallet', 'credit', org.id, '--amount', '300000', '--reference', `race ${i}`, '--top-up', topUp.id])));
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(runs.find((r) => r.code === 1)!.out.error).toMatchObject({ code: 'conflict', field: 'top_up' });
    expect(await ledger()).toHaveLength(entries + 1);
    expect(await available()).toBe(before + 300_000);
    expect(await statusOf(topUp.id)).toBe('credited');
  }, 60_000);

  it("refuses another organization's request, an unknown or malformed id and a bad amount; nothing moves", async () => {
    const theirs = await requested(other);
    const [entries, mine, others] = [await ledger(), await available(), await available(other.id)];
    await Promise.all([
      refused(['wallet', 'credit', org.id, '--amount', '100', '--reference', 'r', '--top-up', theirs.id], 1, 'not_found', 'top_up'),
      refused(['wallet', 'credit', org.id, '--amount', '100', '--reference', 'r', '--top-up', '0190c0de-0000-7000-8000-000000000000'], 1, 'not_found', 'top_up'),
      refused(['wallet', 'credit', org.id, '--amount', '100', '--reference', 'r', '--top-up', 'nope'], 1, 'not_found', 'top_up'),
      refused(['wallet', 'credit', org.id, '--amount', '0', '--reference', 'r', '--top-up', theirs.id], 2, 'validation_failed', 'amount'),
    ]);
    expect([await ledger(), await available(), await available(other.id)]).toEqual([entries, mine, others]);
    expect(await statusOf(theirs.id)).toBe('pending');
  }, 60_000);
});

describe('ops top-ups decline', () => {
  it('declines with a reason; a declined request is neither declined again nor credited', async () => {
    const topUp = await requested();
    const entries = await ledger();
    const out = await ok(['top-ups', 'decline', topUp.id, '--reason', '  No such transfer on the statement  ']);
    expect(out.top_up).toMatchObject({ id: topUp.id, organization_id: org.id, status: 'declined', decline_reason: 'No such transfer on the statement', ledger_entry_id: null });
    await Promise.all([
      refused(['top-ups', 'decline', topUp.id, '--reason', 'twice'], 1, 'conflict', 'top_up'),
      refused(['wallet', 'credit', org.id, '--amount', '300000', '--reference', 'late', '--top-up', topUp.id], 1, 'conflict', 'top_up'),
    ]);
    expect(await ledger()).toEqual(entries);
    const audit = await env.sql("select details from audit_events where action = 'wallet.top_up_request_declined' and target_id = ?", [topUp.id]);
    expect(audit).toEqual([{ details: { amount: 300_000, reason: 'No such transfer on the statement' } }]);
  }, 60_000);

  it('refuses a missing or short reason and a bad status filter, changing nothing', async () => {
    const topUp = await requested();
    await Promise.all([
      refused(['top-ups', 'decline', topUp.id], 2, 'invalid_request', 'reason'),
      refused(['top-ups', 'decline', topUp.id, '--reason', ' x '], 2, 'validation_failed', 'reason'),
      refused(['top-ups', 'list', org.id, '--status', 'approved'], 2, 'validation_failed', 'status'),
      refused(['top-ups', 'list', 'not-an-org'], 1, 'not_found', 'organization'),
    ]);
    expect(await statusOf(topUp.id)).toBe('pending');
  }, 60_000);
});

describe('ops payments and push payments', () => {
  it('lists a push payment in every state with the aggregator\'s id, the unmatched paybill payments, and assigns one once', async () => {
    const { insertPushTopUp, recordTransactionId } = await import('../../core/db/payments/push-payments.ts');
    const { endPushPayment } = await import('../../core/app/payments/end-push-payment.ts');
    const { creditPaybillPayment } = await import('../../core/app/payments/credit-payment.ts');
    const ctx = await env.ctx();
    const id = (await import('../../core/db/ids.ts')).newId();
    await insertPushTopUp(ctx.em, { id, organizationId: org.id, amount: 500_000n, provider: 'airtel_money', payerPhone: '+255684000017', requestedByMemberId: null, at: ctx.now, nextStatusCheckAt: ctx.now });
    await recordTransactionId(ctx.em, id, 'AIR-TX-77', ctx.now);
    await endPushPayment(ctx, { id }, { event: 'fail', code: 'payer_cancelled', reason: 'Transaction cancelled by the payer.', source: 'callback' });
    const failed = await ok(['top-ups', 'list', org.id, '--status', 'failed']);
    expect(failed.top_ups).toContainEqual(expect.objectContaining({ id, status: 'failed', provider: 'airtel_money', transaction_id: 'AIR-TX-77', failure_code: 'payer_cancelled' }));

    const paid = await creditPaybillPayment(ctx, { transactionId: `PB-CLI-${++seq}`, accountReference: '99999999', amountTzs: 7_000, payerPhone: '+255754000001', provider: 'mpesa' });
    expect(paid.kind).toBe('unmatched');
    const paymentId = paid.kind === 'unmatched' ? paid.paymentId : '';
    const unmatched = await ok(['payments', 'list', '--unmatched']);
    expect(unmatched.payments).toContainEqual(expect.objectContaining({ id: paymentId, status: 'unmatched', account_reference: '99999999', amount: 700_000 }));
    const before = await available(other.id);
    const mine = await available(org.id);
    const assigned = await ok(['payments', 'assign', paymentId, '--org', other.id]);
    expect(assigned.payment).toMatchObject({ id: paymentId, status: 'credited', organization_id: other.id });
    expect(await available(other.id)).toBe(before + 700_000);
    await refused(['payments', 'assign', paymentId, '--org', org.id], 1, 'conflict', 'payment');
    expect(await available(org.id)).toBe(mine);
    expect((await ok(['payments', 'list', '--unmatched'])).payments.map((p: { id: string }) => p.id)).not.toContain(paymentId);
  });
});
