// /v1/opt-outs over HTTP on the real database: recording (201 new; 200 created false for a number already
// opted out, in whatever form it is typed, also when two requests race), clearing by id with a reason and
// evidence (409 already_cleared, never deleted), recording again after a clear, the status filter, search,
// masking, keyset paging, opted_out on contacts (also created later), the audit log, members only, CSRF, 404s.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv, waitForLockWaiters, everyRoleSignedIn } from '../support/app.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

interface OptOutView {
  id: string;
  phone: string;
  source: string;
  reason: string | null;
  active: boolean;
  created_at: string;
  cleared_at: string | null;
  clear_reason: string | null;
  clear_evidence: string | null;
}

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
const s: Record<string, Session> = {};
let otherOwner: Session;

const T0 = '2026-11-22T09:00:00.000Z';
const CLEAR = { reason: 'Customer asked to receive offers again', evidence: 'Signed form #4411, scanned 2026-11-22' };

beforeAll(async () => {
  env = await setupTestEnv();
  const fixture = await everyRoleSignedIn(env, ['messages:send']);
  ({ org, other, otherOwner } = fixture);
  Object.assign(s, fixture.sessions);
});

let serial = 0;
/** A fresh national number (9 digits) in the 713 range. */
const nextNational = (range = '713') => `${range}${String(300000 + ++serial)}`;
const e164 = (national: string) => `+255${national}`;
const masked = (national: string) => `+255${national.slice(0, 3)}****${national.slice(-2)}`;

const post = (who: Session, path: string, body: unknown) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send(body as object);

async function record(who: Session, body: Record<string, unknown>, status = 201): Promise<OptOutView> {
  const res = await post(who, '/v1/opt-outs', body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.data.created).toBe(status === 201);
  return res.body.data.opt_out as OptOutView;
}

function expectError(res: request.Response, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  expect(Object.keys(res.body)).toEqual(['success', 'error']);
  if (field !== undefined) expect(res.body.error.field).toBe(field);
}

const optOutRows = (orgId: string, phone: string) =>
  env.sql<{ id: string; cleared_at: unknown }>('select id, cleared_at from opt_outs where organization_id = ? and phone = ? order by id', [orgId, phone]);
/** Everything a refused request could have left behind. */
const snapshot = async (orgId: string) => ({
  optOuts: await env.sql('select * from opt_outs where organization_id = ? order by id', [orgId]),
  consent: await env.sql('select * from consent_records where organization_id = ? order by id', [orgId]),
  audit: await env.sql('select * from audit_events where organization_id = ? order by id', [orgId]),
});


describe('POST /v1/opt-outs: record', () => {
  it('a new opt-out is 201 with data.opt_out (active) and data.created true', async () => {
    const national = nextNational();
    const res = await post(s.marketer!, '/v1/opt-outs', { phone: `0${national}`, reason: 'Replied STOP by phone call' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        opt_out: {
          id: expect.any(String),
          phone: e164(national),
          source: 'manual',
          reason: 'Replied STOP by phone call',
          active: true,
          created_at: T0,
          cleared_at: null,
          clear_reason: null,
          clear_evidence: null,
        },
        created: true,
      },
    });
    expect(await optOutRows(org.id, e164(national))).toEqual([{ id: res.body.data.opt_out.id, cleared_at: null }]);
  });

  it('the reason is optional', async () => {
    const opt = await record(s.marketer!, { phone: e164(nextNational()) });
    expect(opt.reason).toBeNull();
  });

  it.each([
    ['+255…', (n: string) => `+255${n}`],
    ['255…', (n: string) => `255${n}`],
    ['0…', (n: string) => `0${n}`],
    ['+255 … with spaces', (n: string) => `+255 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`],
    ['255 … with spaces', (n: string) => `255 ${n.slice(0, 3)} ${n.slice(3)}`],
    ['0… with spaces', (n: string) => `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`],
  ])('a number typed in the %s form is stored in E.164; the same number in every other form answers 200 created false', async (_label, form) => {
    const national = nextNational('754');
    const first = await record(s.marketer!, { phone: form(national), reason: 'first' });
    expect(first.phone).toBe(e164(national));
    const before = await snapshot(org.id);
    for (const again of [`+255${national}`, `255 ${national}`, `0${national}`, `0${national.slice(0, 3)} ${national.slice(3)}`]) {
      const res = await post(s.marketer!, '/v1/opt-outs', { phone: again, reason: 'a second time, another reason' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { opt_out: first, created: false } });
    }
    // Nothing new: no row, no history, no audit event.
    expect(await snapshot(org.id)).toEqual(before);
  });

  it.each([
    ['a fixed line', '022 212 3456'],
    ['a Kenyan number', '+254712345678'],
    ['too short', '071312345'],
    ['too long', '07131234567'],
    ['letters', '0713abc456'],
    ['a bare national number', '713123456'],
    ['an empty string', ''],
    ['a number type', 713123456],
    ['null', null],
  ])('%s is 422 validation_failed, field phone, and records nothing', async (_label, phone) => {
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, '/v1/opt-outs', { phone, reason: 'x' }), 422, 'validation_failed', 'phone');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it.each([
    ['a missing phone', 'phone', { reason: 'no number' }],
    ['a reason of 501 characters', 'reason', { phone: '0713000001', reason: 'r'.repeat(501) }],
    ['a reason that is not a string', 'reason', { phone: '0713000002', reason: 5 }],
    ['an unknown field', 'source', { phone: '0713000003', source: 'import' }],
  ])('%s is 422 validation_failed, field %s, and records nothing', async (_label, field, body) => {
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, '/v1/opt-outs', body), 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('a reason of 500 characters is accepted', async () => {
    expect((await record(s.marketer!, { phone: e164(nextNational()), reason: 'r'.repeat(500) })).reason).toBe('r'.repeat(500));
  });

  it('appends an opted_out row to the consent history and an opt_out.recorded audit event', async () => {
    const national = nextNational();
    const contact = await post(s.marketer!, '/v1/contacts', { phone: e164(national) });
    const opt = await record(s.marketer!, { phone: `0${national}`, reason: 'Asked by SMS' });
    const history = await env.sql('select contact_id, opt_out_id, phone, action, source, note, evidence, actor_type, actor_id from consent_records where opt_out_id = ?', [opt.id]);
    expect(history).toEqual([
      {
        contact_id: contact.body.data.contact.id,
        opt_out_id: opt.id,
        phone: e164(national),
        action: 'opted_out',
        source: 'manual',
        note: 'Asked by SMS',
        evidence: null,
        actor_type: 'member',
        actor_id: org.members.marketer!.id,
      },
    ]);
    const audit = await env.sql("select actor_type, actor_id, target_type, target_id, details from audit_events where action = 'opt_out.recorded' and target_id = ?", [opt.id]);
    expect(audit).toEqual([
      { actor_type: 'member', actor_id: org.members.marketer!.id, target_type: 'opt_out', target_id: opt.id, details: { phone: masked(national), reason: 'Asked by SMS' } },
    ]);
  });

  it('two recordings of one number at once give one 201, one 200 created false, and one row', async () => {
    const national = nextNational();
    const forms = [`0${national}`, `+255 ${national}`];
    let pending: Promise<request.Response>[] = [];
    // SHARE blocks inserts into opt_outs, not reads: both requests pass their "already opted out?" look-up
    // and wait at the insert, the interleaving two real callers can hit.
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table opt_outs in share mode');
      pending = forms.map((phone, i) => post(s.marketer!, '/v1/opt-outs', { phone, reason: `racer ${i}` }).then((r) => r));
      await waitForLockWaiters(env, forms.length);
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    const created = results.find((r) => r.status === 201)!.body.data;
    const existing = results.find((r) => r.status === 200)!.body.data;
    expect(created.created).toBe(true);
    expect(existing).toEqual({ opt_out: created.opt_out, created: false });
    expect(await optOutRows(org.id, e164(national))).toEqual([{ id: created.opt_out.id, cleared_at: null }]);
    expect(await env.sql('select action from consent_records where phone = ? and organization_id = ?', [e164(national), org.id])).toEqual([{ action: 'opted_out' }]);
    expect(await env.sql("select id from audit_events where action = 'opt_out.recorded' and target_id = ?", [created.opt_out.id])).toHaveLength(1);
  });

  it("another organization's opt-out of the same number is its own", async () => {
    const national = nextNational();
    const theirs = await record(otherOwner, { phone: e164(national) });
    const mine = await record(s.marketer!, { phone: e164(national) });
    expect(mine.id).not.toBe(theirs.id);
  });
});

describe('POST /v1/opt-outs/{id}/clear', () => {
  it('clears with a reason and evidence: 200, inactive, kept; clearing again is 409 already_cleared and changes nothing', async () => {
    const national = nextNational();
    const opt = await record(s.marketer!, { phone: e164(national), reason: 'STOP' });
    env.clock.set(new Date('2026-11-23T08:15:00Z'));
    let cleared: OptOutView;
    try {
      const res = await post(s.marketer!, `/v1/opt-outs/${opt.id}/clear`, CLEAR);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          opt_out: {
            ...opt,
            active: false,
            cleared_at: '2026-11-23T08:15:00.000Z',
            clear_reason: CLEAR.reason,
            clear_evidence: CLEAR.evidence,
          },
        },
      });
      cleared = res.body.data.opt_out;
    } finally {
      env.clock.set(new Date(T0));
    }
    // Never deleted: the row is still there, cleared.
    expect(await optOutRows(org.id, e164(national))).toHaveLength(1);
    const before = await snapshot(org.id);
    for (const body of [CLEAR, { reason: 'Another reason', evidence: 'Other evidence' }]) {
      expectError(await post(s.owner!, `/v1/opt-outs/${opt.id}/clear`, body), 409, 'already_cleared');
    }
    expect(await snapshot(org.id)).toEqual(before);
    const listed = await s.marketer!.agent.get('/v1/opt-outs').query({ status: 'cleared', search: e164(national) });
    expect(listed.body.data.opt_outs).toEqual([cleared]);
  });

  it('keeps reason and evidence in the consent history and the audit log', async () => {
    const national = nextNational();
    const contact = await post(s.marketer!, '/v1/contacts', { phone: e164(national) });
    const opt = await record(s.marketer!, { phone: e164(national) });
    expect((await post(s.owner!, `/v1/opt-outs/${opt.id}/clear`, CLEAR)).status).toBe(200);
    const history = await env.sql('select contact_id, action, source, note, evidence, actor_type, actor_id from consent_records where opt_out_id = ? order by id', [opt.id]);
    expect(history).toEqual([
      { contact_id: contact.body.data.contact.id, action: 'opted_out', source: 'manual', note: null, evidence: null, actor_type: 'member', actor_id: org.members.marketer!.id },
      { contact_id: contact.body.data.contact.id, action: 'opt_out_cleared', source: 'manual', note: CLEAR.reason, evidence: CLEAR.evidence, actor_type: 'member', actor_id: org.members.owner!.id },
    ]);
    const audit = await env.sql("select actor_type, actor_id, target_type, target_id, details from audit_events where action = 'opt_out.cleared' and target_id = ?", [opt.id]);
    expect(audit).toEqual([
      {
        actor_type: 'member',
        actor_id: org.members.owner!.id,
        target_type: 'opt_out',
        target_id: opt.id,
        details: { phone: masked(national), reason: CLEAR.reason, evidence: CLEAR.evidence },
      },
    ]);
  });

  it.each([
    ['3 characters each', 'abc', 'xyz'],
    ['500 characters each', 'r'.repeat(500), 'e'.repeat(500)],
  ])('reason and evidence of %s are accepted', async (_label, reason, evidence) => {
    const opt = await record(s.marketer!, { phone: e164(nextNational()) });
    const res = await post(s.marketer!, `/v1/opt-outs/${opt.id}/clear`, { reason, evidence });
    expect(res.status).toBe(200);
    expect(res.body.data.opt_out).toMatchObject({ active: false, clear_reason: reason, clear_evidence: evidence });
  });

  it.each([
    ['a reason of 2 characters', 'reason', { reason: 'ab', evidence: 'good evidence' }],
    ['a reason of 501 characters', 'reason', { reason: 'r'.repeat(501), evidence: 'good evidence' }],
    ['an empty reason', 'reason', { reason: '', evidence: 'good evidence' }],
    ['a missing reason', 'reason', { evidence: 'good evidence' }],
    ['evidence of 2 characters', 'evidence', { reason: 'good reason', evidence: 'ab' }],
    ['evidence of 501 characters', 'evidence', { reason: 'good reason', evidence: 'e'.repeat(501) }],
    ['missing evidence', 'evidence', { reason: 'good reason' }],
    ['evidence that is not a string', 'evidence', { reason: 'good reason', evidence: 123 }],
    ['an unknown field', 'note', { ...CLEAR, note: 'x' }],
  ])('%s is 422 validation_failed, field %s; the opt-out stays active', async (_label, field, body) => {
    const opt = await record(s.marketer!, { phone: e164(nextNational()) });
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, `/v1/opt-outs/${opt.id}/clear`, body), 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('two clears at once give one 200 and one 409 already_cleared, and one history row', async () => {
    const opt = await record(s.marketer!, { phone: e164(nextNational()) });
    let pending: Promise<request.Response>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table consent_records in share mode');
      pending = [1, 2].map((i) => post(s.marketer!, `/v1/opt-outs/${opt.id}/clear`, { reason: `reason ${i}`, evidence: `evidence ${i}` }).then((r) => r));
      await waitForLockWaiters(env, 2);
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, 'already_cleared');
    expect(await env.sql("select id from consent_records where opt_out_id = ? and action = 'opt_out_cleared'", [opt.id])).toHaveLength(1);
  });
});

describe('recording again after a clear', () => {
  it('a cleared opt-out can be recorded again: a new active opt-out (201), the cleared one kept', async () => {
    const national = nextNational();
    const first = await record(s.marketer!, { phone: e164(national), reason: 'first stop' });
    const cleared = (await post(s.marketer!, `/v1/opt-outs/${first.id}/clear`, CLEAR)).body.data.opt_out as OptOutView;
    const second = await record(s.marketer!, { phone: `0${national}`, reason: 'second stop' });
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ phone: e164(national), active: true, reason: 'second stop', cleared_at: null });
    // The third time it is the second that answers.
    const res = await post(s.marketer!, '/v1/opt-outs', { phone: `255${national}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ opt_out: second, created: false });
    const all = await s.marketer!.agent.get('/v1/opt-outs').query({ status: 'all', search: `0${national}` });
    expect(all.body.data.opt_outs).toEqual([second, cleared]);
    expect((await env.sql('select action from consent_records where phone = ? and organization_id = ? order by id', [e164(national), org.id])).map((r) => r['action'])).toEqual([
      'opted_out',
      'opt_out_cleared',
      'opted_out',
    ]);
  });
});

describe('opted_out on contacts', () => {
  it('is true while an opt-out of the number is active, false once cleared', async () => {
    const national = nextNational();
    const contact = (await post(s.marketer!, '/v1/contacts', { phone: e164(national) })).body.data.contact;
    expect(contact.opted_out).toBe(false);
    const opt = await record(s.marketer!, { phone: `0${national}` });
    const shown = async () => (await s.marketer!.agent.get(`/v1/contacts/${contact.id}`)).body.data.contact.opted_out as boolean;
    expect(await shown()).toBe(true);
    const listed = await s.marketer!.agent.get('/v1/contacts').query({ search: national });
    expect(listed.body.data.contacts.map((c: { opted_out: boolean }) => c.opted_out)).toEqual([true]);
    await post(s.marketer!, `/v1/opt-outs/${opt.id}/clear`, CLEAR);
    expect(await shown()).toBe(false);
    await record(s.marketer!, { phone: e164(national) });
    expect(await shown()).toBe(true);
  });

  it('an opt-out of a number without a contact works, and shows on a contact created later', async () => {
    const national = nextNational();
    expect(await env.sql('select id from contacts where organization_id = ? and phone = ?', [org.id, e164(national)])).toEqual([]);
    const opt = await record(s.marketer!, { phone: `+255 ${national}`, reason: 'before any contact' });
    expect(await env.sql('select contact_id, action from consent_records where opt_out_id = ?', [opt.id])).toEqual([{ contact_id: null, action: 'opted_out' }]);
    const res = await post(s.marketer!, '/v1/contacts', { phone: `0${national}`, name: 'Came later' });
    expect(res.status).toBe(201);
    expect(res.body.data.contact).toMatchObject({ phone: e164(national), opted_out: true });
  });

  it("another organization's opt-out does not mark this organization's contact", async () => {
    const national = nextNational();
    const contact = (await post(s.marketer!, '/v1/contacts', { phone: e164(national) })).body.data.contact;
    await record(otherOwner, { phone: e164(national) });
    expect((await s.marketer!.agent.get(`/v1/contacts/${contact.id}`)).body.data.contact.opted_out).toBe(false);
  });
});

describe('GET /v1/opt-outs', () => {
  let book: OrgFixture;
  let marketer: Session;
  let analyst: Session;
  const n = { a: '754123456', b: '754129901', c: '713555501', d: '784000001', e: '621000001' };
  const v: Record<keyof typeof n, OptOutView> = {} as never;

  beforeAll(async () => {
    book = await createOrg(env, { members: { marketer: 'marketer', analyst: 'analyst' }, keys: {} });
    marketer = await signInAs(env, book.members.marketer!);
    analyst = await signInAs(env, book.members.analyst!);
    for (const k of Object.keys(n) as (keyof typeof n)[]) v[k] = await record(marketer, { phone: `0${n[k]}`, reason: `reason ${k}` });
    // b and d are cleared.
    for (const k of ['b', 'd'] as const) {
      const res = await post(marketer, `/v1/opt-outs/${v[k].id}/clear`, CLEAR);
      expect(res.status).toBe(200);
      v[k] = res.body.data.opt_out;
    }
  });

  const ids = (res: request.Response) => (res.body.data.opt_outs as OptOutView[]).map((o) => o.id);
  const list = (who: Session, query: Record<string, string | number> = {}) => who.agent.get('/v1/opt-outs').query(query);

  it('lists the active opt-outs by default, newest first', async () => {
    const res = await list(marketer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { opt_outs: [v.e, v.c, v.a], next_before: null } });
  });

  it.each([
    ['active', ['e', 'c', 'a']],
    ['cleared', ['d', 'b']],
    ['all', ['e', 'd', 'c', 'b', 'a']],
  ] as const)('status=%s lists %j', async (status, keys) => {
    const res = await list(marketer, { status });
    expect(res.status).toBe(200);
    expect(res.body.data.opt_outs).toEqual(keys.map((k) => v[k]));
  });

  it.each([
    ['+255754', 'all', ['b', 'a']],
    ['+255 754', 'all', ['b', 'a']],
    ['255754', 'all', ['b', 'a']],
    ['0754', 'all', ['b', 'a']],
    ['754', 'all', ['b', 'a']],
    ['754', 'active', ['a']],
    ['0754 12', 'cleared', ['b']],
    ['0754 123 456', 'all', ['a']],
    ['7', 'all', ['d', 'c', 'b', 'a']],
    ['2556', 'all', ['e']],
    ['0755', 'all', []],
  ] as const)('search %j with status %s', async (search, status, keys) => {
    const res = await list(marketer, { search, status });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res)).toEqual(keys.map((k) => v[k].id));
  });

  it.each([
    ['21 characters', { search: '0754 123 456 00000000' }, 'search'],
    ['letters', { search: 'abc' }, 'search'],
    ['a dash', { search: '0754-1' }, 'search'],
    ['an unknown status', { status: 'deleted' }, 'status'],
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 101', { limit: 101 }, 'limit'],
    ['a malformed before', { before: 'yesterday' }, 'before'],
    ['an unknown parameter', { phone: '0754123456' }, 'phone'],
  ])('%s is 422 validation_failed, field %s', async (_label, query, field) => {
    expectError(await list(marketer, query), 422, 'validation_failed', field);
  });

  it('a member without contacts.read reads no opt-out (reasons and evidence included): 403 forbidden', async () => {
    for (const query of [{ status: 'all' }, { search: '754' }] as Record<string, string>[]) {
      const res = await list(analyst, query);
      expectError(res, 403, 'forbidden');
      expect(JSON.stringify(res.body)).not.toContain(n.a);
    }
  });

  it('keyset paging: limit items a page, next_before the last id, null on the last page', async () => {
    const first = await list(marketer, { status: 'all', limit: 2 });
    expect(ids(first)).toEqual([v.e.id, v.d.id]);
    expect(first.body.data.next_before).toBe(v.d.id);
    const second = await list(marketer, { status: 'all', limit: 2, before: v.d.id });
    expect(ids(second)).toEqual([v.c.id, v.b.id]);
    expect(second.body.data.next_before).toBe(v.b.id);
    const third = await list(marketer, { status: 'all', limit: 2, before: v.b.id });
    expect(ids(third)).toEqual([v.a.id]);
    expect(third.body.data.next_before).toBeNull();
    const exact = await list(marketer, { status: 'all', limit: 5 });
    expect(exact.body.data.next_before).toBeNull();
    const active = await list(marketer, { limit: 1 });
    expect(ids(active)).toEqual([v.e.id]);
    const activeNext = await list(marketer, { limit: 1, before: active.body.data.next_before });
    expect(ids(activeNext)).toEqual([v.c.id]);
  });

  it("never lists another organization's opt-outs", async () => {
    const res = await list(otherOwner, { status: 'all', limit: 100 });
    expect(ids(res)).not.toContain(v.a.id);
  });
});

describe('who may use opt-outs', () => {
  it.each(['owner', 'admin', 'marketer'] as const)('a signed-in %s (contacts.read) may list opt-outs', async (label) => {
    const opt = await record(s.owner!, { phone: e164(nextNational()) });
    const res = await s[label]!.agent.get('/v1/opt-outs').query({ limit: 100 });
    expect(res.status).toBe(200);
    expect((res.body.data.opt_outs as OptOutView[]).map((o) => o.id)).toContain(opt.id);
  });

  it.each(['developer', 'analyst', 'billing'] as const)('a signed-in %s (no contacts.read) gets 403 forbidden listing opt-outs', async (label) => {
    expectError(await s[label]!.agent.get('/v1/opt-outs'), 403, 'forbidden');
  });

  it.each(['developer', 'analyst', 'billing'] as const)('a signed-in %s (no opt_outs.write) cannot record or clear: 403 forbidden, nothing changes', async (label) => {
    const opt = await record(s.owner!, { phone: e164(nextNational()) });
    const before = await snapshot(org.id);
    expectError(await post(s[label]!, '/v1/opt-outs', { phone: e164(nextNational()) }), 403, 'forbidden');
    expectError(await post(s[label]!, `/v1/opt-outs/${opt.id}/clear`, CLEAR), 403, 'forbidden');
    expect(await snapshot(org.id)).toEqual(before);
  });

  const routes: [string, (id: string) => [string, string, object | undefined]][] = [
    ['GET /v1/opt-outs', () => ['get', '/v1/opt-outs', undefined]],
    ['POST /v1/opt-outs', () => ['post', '/v1/opt-outs', { phone: '0713999001' }]],
    ['POST /v1/opt-outs/{id}/clear', (id) => ['post', `/v1/opt-outs/${id}/clear`, CLEAR]],
  ];

  it.each(routes.flatMap(([name, r]) => (['live', 'test', 'reader'] as const).map((key) => [name, key, r] as const)))(
    '%s with an API key (%s) is 403 insufficient_scope and changes nothing',
    async (_name, key, r) => {
      const opt = await record(s.owner!, { phone: e164(nextNational()) });
      const before = await snapshot(org.id);
      const [method, path, body] = r(opt.id);
      const req = request(env.app)[method as 'get'](path).set(bearer(org.keys[key]!.secret));
      expectError(await (body ? req.send(body) : req), 403, 'insufficient_scope');
      expect(await snapshot(org.id)).toEqual(before);
    },
  );

  it.each(routes.map(([name, r]) => [name, r] as const))('%s without credentials is 401', async (_name, r) => {
    const [method, path, body] = r(randomUUID());
    const req = request(env.app)[method as 'get'](path);
    expectError(await (body ? req.send(body) : req), 401, 'unauthorized');
  });

  it.each(routes.filter(([name]) => name.startsWith('POST')).flatMap(([name, r]) => (['missing', 'forged', "another session's"] as const).map((kind) => [name, kind, r] as const)))(
    '%s with a %s X-CSRF-Token is 403 forbidden and changes nothing',
    async (_name, kind, r) => {
      const opt = await record(s.owner!, { phone: e164(nextNational()) });
      const before = await snapshot(org.id);
      const [method, path, body] = r(opt.id);
      let req = s.owner!.agent[method as 'post'](path);
      if (kind === 'forged') req = req.set('X-CSRF-Token', 'abc.def');
      if (kind === "another session's") req = req.set('X-CSRF-Token', s.marketer!.csrf);
      expectError(await req.send(body), 403, 'forbidden');
      expect(await snapshot(org.id)).toEqual(before);
    },
  );

  it.each(['an unknown', 'a malformed', 'a numeric', "another organization's"] as const)(
    'clearing with %s id is 404 not_found and changes nothing',
    async (kind) => {
      const theirs = await record(otherOwner, { phone: e164(nextNational()) });
      const id = kind === 'an unknown' ? randomUUID() : kind === 'a malformed' ? 'opt-out-1' : kind === 'a numeric' ? '42' : theirs.id;
      const before = await snapshot(org.id);
      const otherBefore = await snapshot(other.id);
      const res = await post(s.owner!, `/v1/opt-outs/${id}/clear`, CLEAR);
      expectError(res, 404, 'not_found');
      expect(JSON.stringify(res.body)).not.toContain(theirs.phone);
      expect(await snapshot(org.id)).toEqual(before);
      expect(await snapshot(other.id)).toEqual(otherBefore);
    },
  );
});
