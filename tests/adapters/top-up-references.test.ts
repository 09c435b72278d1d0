// One payment, one live request across organizations (issue 22, row 7): a reference is compared in its canonical
// form (dashes, spaces, invisible characters, width and case folded); another organization's pending or credited
// reference is refused with 409 conflict, leaves no request, and is kept for the operator as a clash; two
// organizations filing one reference at the same moment cannot both succeed.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { creditTopUp } from '../../core/app/wallet/top-ups/credit-top-up.ts';
import { declineTopUp } from '../../core/app/wallet/top-ups/decline-top-up.ts';
import { listTopUpsForOperator } from '../../core/app/wallet/top-ups/list-top-ups-for-operator.ts';
import { createOrg, operator, setupTestEnv, signInAs, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
type Session = Awaited<ReturnType<typeof signInAs>>;
let a: OrgFixture;
let b: OrgFixture;
let aBilling: Session;
let bBilling: Session;
let seq = 0;

beforeAll(async () => {
  env = await setupTestEnv();
  a = await createOrg(env, { members: { billing: 'billing' }, keys: {} });
  b = await createOrg(env, { members: { billing: 'billing' }, keys: {} });
  aBilling = await signInAs(env, a.members.billing!);
  bBilling = await signInAs(env, b.members.billing!);
});

const post = (session: Session, reference: string, headers: Record<string, string> = {}) =>
  session.agent.post('/v1/wallet/top-ups').set('X-CSRF-Token', session.csrf).set(headers).send({ amount: 480_000, method: 'mobile_money', reference });
const requestsOf = async (orgId: string) => env.sql<{ id: string; reference: string }>('select id, reference from top_up_requests where organization_id = ? order by id', [orgId]);
const clashesOf = async (orgId: string) =>
  env.sql<{ top_up_request_id: string; reference: string; amount: string; requested_by_member_id: string }>(
    'select top_up_request_id, reference, amount, requested_by_member_id from top_up_reference_clashes where organization_id = ? order by id',
    [orgId],
  );

async function filed(session: Session, reference: string) {
  const res = await post(session, reference);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.top_up as { id: string; reference: string };
}

function expectClaimedElsewhere(res: request.Response) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  // Names neither the other organization nor its request.
  expect(res.body).toEqual({
    success: false,
    error: { code: 'conflict', message: expect.stringMatching(/^Another organization's top-up request already has this payment reference/), field: 'reference', details: { claimed_by: 'another_organization' } },
  });
}

describe("another organization's reference", () => {
  it("is refused with 409 conflict: no request for B, the refused claim kept for the operator, who sees the clash on A's request", async () => {
    const mine = await filed(aBilling, `MPESA-QX-${++seq}`);
    const bRequests = await requestsOf(b.id);
    expectClaimedElsewhere(await post(bBilling, mine.reference));
    expect(await requestsOf(b.id)).toEqual(bRequests);
    expect((await clashesOf(b.id)).filter((c) => c.top_up_request_id === mine.id)).toEqual([
      { top_up_request_id: mine.id, reference: mine.reference, amount: '480000', requested_by_member_id: b.members.billing!.id },
    ]);
    // B's own audit log shows the refused filing, without A's request.
    const audit = await env.sql<{ details: Record<string, unknown> }>(
      "select details from audit_events where organization_id = ? and action = 'wallet.top_up_refused_reference_claimed' order by id desc limit 1",
      [b.id],
    );
    expect(audit).toEqual([{ details: { amount: 480_000, method: 'mobile_money', reference: mine.reference } }]);
    // B's member list shows nothing of it.
    const listed = (await bBilling.agent.get('/v1/wallet/top-ups').query({ limit: 100 })).body.data.top_ups as { reference: string }[];
    expect(listed.filter((t) => t.reference === mine.reference)).toEqual([]);
    // The operator's view of A's request names B's refused claim.
    const { top_ups } = await listTopUpsForOperator(await env.ctx(), { organizationId: a.id, limit: 100 });
    expect(top_ups.find((t) => t.id === mine.id)?.clashes).toEqual([
      { id: expect.any(String), organization_id: b.id, status: 'refused', reference: mine.reference, amount: 480_000, requested_by: b.members.billing!.id, created_at: '2026-11-22T09:00:00.000Z' },
    ]);
  });

  it.each([
    ['non-breaking hyphens (U+2011)', (r: string) => r.replaceAll('-', '\u2011')],
    ['lower case', (r: string) => r.toLowerCase()],
    ['spaces instead of hyphens', (r: string) => r.replaceAll('-', ' ')],
    ['no hyphens at all', (r: string) => r.replaceAll('-', '')],
    ['full-width letters, digits and hyphens', (r: string) => [...r].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('')],
    ['en and em dashes and a minus sign', (r: string) => r.replace('-', '\u2013').replace('-', '\u2014\u2212')],
    ['a zero-width space and a no-break space', (r: string) => r.replace('-', '\u200b-\u00a0')],
  ])('written with %s: the same 409, no request', async (_label, variant) => {
    const mine = await filed(aBilling, `NMB-TX-${++seq}-A`);
    const other = variant(mine.reference);
    expect(other).not.toBe(mine.reference);
    const before = await requestsOf(b.id);
    expectClaimedElsewhere(await post(bBilling, other));
    expect(await requestsOf(b.id)).toEqual(before);
    expect((await clashesOf(b.id)).at(-1)).toMatchObject({ top_up_request_id: mine.id, reference: other });
  });

  it('a credited reference stays claimed; a declined one is free for whoever paid', async () => {
    const credited = await filed(aBilling, `CRDB-${++seq}`);
    await creditTopUp(await env.ctx(), operator, { organizationId: a.id, topUpId: credited.id, amount: 480_000n, reference: 'CRDB statement 9' });
    expectClaimedElsewhere(await post(bBilling, credited.reference.toLowerCase()));
    const declined = await filed(aBilling, `CRDB-${++seq}`);
    await declineTopUp(await env.ctx(), operator, { topUpId: declined.id, reason: 'not on our statement' });
    expect((await filed(bBilling, declined.reference)).reference).toBe(declined.reference);
  });

  it('refused with an idempotency key too, and the refused claim is kept all the same', async () => {
    const mine = await filed(aBilling, `TIGO-${++seq}`);
    expectClaimedElsewhere(await post(bBilling, mine.reference, { 'X-Idempotency-Key': `clash-${seq}` }));
    expect((await clashesOf(b.id)).filter((c) => c.top_up_request_id === mine.id)).toHaveLength(1);
    expect(await env.sql('select key from idempotency_records where key = ?', [`clash-${seq}`])).toEqual([]);
  });
});

describe('two organizations filing one reference at the same moment', () => {
  it('both past the check before either writes: exactly one succeeds, the other is 409 and kept as a clash', async () => {
    const reference = `AIRTEL-${++seq}`;
    let racing: Promise<request.Response[]> = Promise.resolve([]);
    // Holding the table in share mode lets both filings read (no holder yet) and stops both at their insert.
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table top_up_requests in share mode');
      racing = Promise.all([post(aBilling, reference), post(bBilling, reference.replace('-', '\u2011'))]);
      await waitForLockWaiters(env, 2);
    });
    const answers = await racing;
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expectClaimedElsewhere(answers.find((r) => r.status === 409)!);
    const won = answers.find((r) => r.status === 201)!.body.data.top_up.id as string;
    const rows = await env.sql<{ id: string }>("select id from top_up_requests where reference in (?, ?) and organization_id in (?, ?)", [reference, reference.replace('-', '\u2011'), a.id, b.id]);
    expect(rows).toEqual([{ id: won }]);
    expect(await env.sql('select top_up_request_id from top_up_reference_clashes where top_up_request_id = ?', [won])).toHaveLength(1);
  });

  it('four organizations at once: one request', async () => {
    const others = await Promise.all([1, 2].map(() => createOrg(env, { members: { billing: 'billing' }, keys: {} })));
    const sessions = [aBilling, bBilling, ...(await Promise.all(others.map((o) => signInAs(env, o.members.billing!))))];
    const reference = `HALO-${++seq}`;
    const answers = await Promise.all(sessions.map((session, i) => post(session, i % 2 ? reference.toLowerCase() : reference)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await env.sql("select id from top_up_requests where upper(reference) = ?", [reference])).toHaveLength(1);
  });
});
