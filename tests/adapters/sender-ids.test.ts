// GET and POST /v1/sender-ids over HTTP: the service's approval per class apart from the route's
// (provider) approval, member requests, duplicates, validation, CSRF and the audit trail.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addSenderId, approveSenderRoute } from '../../core/app/sender-ids/add-sender-id.ts';
import { bearer, createOrg, operator, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
const ADDED_AT = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    senders: [
      { name: 'ACME', classes: ['transactional'], routeApproved: false },
      { name: 'PROMO', classes: ['transactional', 'promotional'], routeApproved: true },
    ],
    members: { owner: 'owner', admin: 'admin', developer: 'developer', marketer: 'marketer', analyst: 'analyst', billing: 'billing' },
    keys: {
      senders: { mode: 'live', scopes: ['sender_ids:read'] },
      all: { mode: 'live' },
      test: { mode: 'test', scopes: ['sender_ids:read'] },
      wallet: { mode: 'live', scopes: ['wallet:read'] },
    },
  });
  other = await createOrg(env, {
    senders: [{ name: 'OTHERCO', classes: ['transactional'], routeApproved: true }],
    keys: { senders: { mode: 'live', scopes: ['sender_ids:read'] } },
  });
});

type SenderView = {
  id: string;
  name: string;
  approval: { status: string; traffic_classes: string[]; requested_traffic_classes: string[] };
  provider_approval: { status: string; approved_at: string | null };
};

const list = async (secret = org.keys.senders!.secret) => {
  const res = await request(env.app).get('/v1/sender-ids').set(bearer(secret));
  expect(res.status).toBe(200);
  return res.body.data.sender_ids as SenderView[];
};
const byName = (senders: SenderView[], name: string) => senders.find((s) => s.name === name);

async function rowsNamed(orgId: string, name: string) {
  return env.sql<{ id: string; status: string; requested_by_member_id: string | null }>(
    'select id, status, requested_by_member_id from sender_ids where organization_id = ? and upper(name) = upper(?)',
    [orgId, name],
  );
}

describe('GET /v1/sender-ids', () => {
  it('shows the approval per class and the provider approval separately', async () => {
    const senders = await list();
    expect(senders.map((s) => s.name)).toEqual(['ACME', 'PROMO']);
    expect(byName(senders, 'ACME')).toEqual({
      id: expect.any(String),
      name: 'ACME',
      approval: { status: 'approved', traffic_classes: ['transactional'], requested_traffic_classes: ['transactional'] },
      provider_approval: { status: 'pending', approved_at: null },
      created_at: ADDED_AT,
      updated_at: ADDED_AT,
    });
    expect(byName(senders, 'PROMO')).toEqual({
      id: expect.any(String),
      name: 'PROMO',
      approval: {
        status: 'approved',
        traffic_classes: ['transactional', 'promotional'],
        requested_traffic_classes: ['transactional', 'promotional'],
      },
      provider_approval: { status: 'approved', approved_at: ADDED_AT },
      created_at: ADDED_AT,
      updated_at: ADDED_AT,
    });
  });

  it('approveSenderRoute flips only the provider approval', async () => {
    const before = byName(await list(), 'ACME')!;
    env.clock.set(new Date('2026-11-22T10:15:00Z'));
    const { sender_id } = await approveSenderRoute(await env.ctx(), operator, org.id, 'acme');
    expect(sender_id.provider_approval).toEqual({ status: 'approved', approved_at: '2026-11-22T10:15:00.000Z' });
    const after = byName(await list(), 'ACME')!;
    expect(after.provider_approval).toEqual({ status: 'approved', approved_at: '2026-11-22T10:15:00.000Z' });
    expect(after.approval).toEqual(before.approval);
    expect(after.id).toBe(before.id);
    // Approving again keeps the first approval time.
    env.clock.set(new Date('2026-11-22T11:00:00Z'));
    await approveSenderRoute(await env.ctx(), operator, org.id, 'ACME');
    expect(byName(await list(), 'ACME')!.provider_approval.approved_at).toBe('2026-11-22T10:15:00.000Z');
    // The other sender is untouched.
    expect(byName(await list(), 'PROMO')!.provider_approval.approved_at).toBe(ADDED_AT);
    env.clock.set(new Date(ADDED_AT));
  });

  it("the operator's approval of a requested sender ID sets exactly its classes, keeps what was requested, and adds the route's approval once", async () => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const requested = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name: 'LATER', traffic_classes: ['promotional'] });
    expect(requested.status).toBe(201);
    env.clock.set(new Date('2026-11-22T12:00:00Z'));
    const first = (await addSenderId(await env.ctx(), operator, { organizationId: org.id, name: 'later', classes: ['transactional'], routeApproved: true })).sender_id;
    expect(first).toMatchObject({
      id: requested.body.data.sender_id.id,
      name: 'LATER',
      approval: { status: 'approved', traffic_classes: ['transactional'], requested_traffic_classes: ['promotional'] },
      provider_approval: { status: 'approved', approved_at: '2026-11-22T12:00:00.000Z' },
      updated_at: '2026-11-22T12:00:00.000Z',
    });
    // Approved again without the route: the classes are replaced, the route's approval and its time stay.
    env.clock.set(new Date('2026-11-22T13:00:00Z'));
    const second = (await addSenderId(await env.ctx(), operator, { organizationId: org.id, name: 'LATER', classes: ['transactional', 'promotional'], routeApproved: false })).sender_id;
    expect(second).toMatchObject({
      approval: { status: 'approved', traffic_classes: ['transactional', 'promotional'], requested_traffic_classes: ['promotional'] },
      provider_approval: { status: 'approved', approved_at: '2026-11-22T12:00:00.000Z' },
      updated_at: '2026-11-22T13:00:00.000Z',
    });
    expect(byName(await list(), 'LATER')).toEqual(second);
    expect(await rowsNamed(org.id, 'LATER')).toHaveLength(1);
    env.clock.set(new Date(ADDED_AT));
  });

  it('approveSenderRoute on an unknown name is not_found', async () => {
    await expect(approveSenderRoute(await env.ctx(), operator, org.id, 'NOPE')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a test key with sender_ids:read sees the same list', async () => {
    expect((await list(org.keys.test!.secret)).map((s) => s.name)).toEqual((await list()).map((s) => s.name));
  });

  it('a key without sender_ids:read gets 403 insufficient_scope', async () => {
    const res = await request(env.app).get('/v1/sender-ids').set(bearer(org.keys.wallet!.secret));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
  });

  it.each([
    ['owner', 200],
    ['admin', 200],
    ['developer', 200],
    ['marketer', 200],
    ['analyst', 200],
    ['billing', 403],
  ] as const)('a signed-in %s gets %i', async (label, status) => {
    const { agent } = await signInAs(env, org.members[label]!);
    const res = await agent.get('/v1/sender-ids');
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.data.sender_ids.map((s: SenderView) => s.name)).toEqual(expect.arrayContaining(['ACME', 'PROMO']));
    else expect(res.body.error.code).toBe('forbidden');
  });

  it("never shows another organization's sender IDs", async () => {
    expect((await list()).map((s) => s.name)).not.toContain('OTHERCO');
    expect((await list(other.keys.senders!.secret)).map((s) => s.name)).toEqual(['OTHERCO']);
  });
});

describe('POST /v1/sender-ids', () => {
  it('an owner requests a sender ID: 201, status requested, no approval of either kind', async () => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const res = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name: 'Duka Bora' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        sender_id: {
          id: expect.any(String),
          name: 'Duka Bora',
          approval: { status: 'requested', traffic_classes: [], requested_traffic_classes: ['transactional'] },
          provider_approval: { status: 'pending', approved_at: null },
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      },
    });
    const rows = await rowsNamed(org.id, 'Duka Bora');
    expect(rows).toEqual([{ id: res.body.data.sender_id.id, status: 'requested', requested_by_member_id: org.members.owner!.id }]);
    // The list shows it too, still unapproved.
    expect(byName(await list(), 'Duka Bora')).toMatchObject({
      approval: { status: 'requested', traffic_classes: [] },
      provider_approval: { status: 'pending', approved_at: null },
    });
  });

  it('a developer requests one for both classes', async () => {
    const { agent, csrf } = await signInAs(env, org.members.developer!);
    const res = await agent
      .post('/v1/sender-ids')
      .set('X-CSRF-Token', csrf)
      .send({ name: 'DEV-1', traffic_classes: ['transactional', 'promotional'], note: 'for OTP and offers' });
    expect(res.status).toBe(201);
    expect(res.body.data.sender_id.approval).toEqual({
      status: 'requested',
      traffic_classes: [],
      requested_traffic_classes: ['transactional', 'promotional'],
    });
    expect(res.body.data.sender_id.provider_approval.status).toBe('pending');
  });

  it('records an audit event sender_id.requested naming the member and the sender', async () => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const res = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name: 'AUDITED', traffic_classes: ['promotional'] });
    expect(res.status).toBe(201);
    const events = await env.sql<{ actor_type: string; actor_id: string; target_type: string; target_id: string; details: unknown }>(
      "select actor_type, actor_id, target_type, target_id, details from audit_events where organization_id = ? and action = 'sender_id.requested' and target_id = ?",
      [org.id, res.body.data.sender_id.id],
    );
    expect(events).toEqual([
      {
        actor_type: 'member',
        actor_id: org.members.owner!.id,
        target_type: 'sender_id',
        target_id: res.body.data.sender_id.id,
        details: { name: 'AUDITED', traffic_classes: ['promotional'] },
      },
    ]);
  });

  it.each(['acme', 'Acme', 'ACME', 'promo', 'duka bora'])(
    'a name the organization already has, ignoring case (%s), is 409 sender_id_exists and adds no row',
    async (name) => {
      const { agent, csrf } = await signInAs(env, org.members.owner!);
      const before = await rowsNamed(org.id, name);
      expect(before).toHaveLength(1);
      const res = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, error: { code: 'sender_id_exists', message: expect.any(String), field: 'name' } });
      expect(await rowsNamed(org.id, name)).toEqual(before);
    },
  );

  it("a name another organization has is free for this one", async () => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const res = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name: 'OTHERCO' });
    expect(res.status).toBe(201);
    expect(await rowsNamed(other.id, 'OTHERCO')).toHaveLength(1);
    expect(await rowsNamed(org.id, 'OTHERCO')).toHaveLength(1);
  });

  it('the same new name requested by several callers at once gives one 201, the rest 409 sender_id_exists, and one row', async () => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const names = ['RACE', 'race', 'Race', 'rAcE'];
    // Hold back every insert into sender_ids (SHARE blocks inserts, not reads) until every request is
    // waiting on a lock, then let them go: without serialisation each has passed its duplicate check,
    // which is the interleaving two real callers can hit.
    let pending: Promise<request.Response>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table sender_ids in share mode');
      pending = names.map((name) => agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name }).then((r) => r));
      for (let i = 0; ; i++) {
        const [w] = await env.sql<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (Number(w?.n) >= names.length) break;
        if (i > 200) throw new Error(`only ${w?.n} of ${names.length} requests are waiting`);
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.body).toEqual({ success: false, error: { code: 'sender_id_exists', message: expect.any(String), field: 'name' } });
    }
    expect(await rowsNamed(org.id, 'RACE')).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['12 characters', 'ABCDEFGHIJKL'],
    ['markup', '<script>'],
    ['a leading space', ' ACME2'],
    ['an emoji', 'SHOP🙂'],
    ['not a string', 12345],
  ])('an invalid name (%s) is 422 validation_failed, field name, and adds no row', async (_label, name) => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const before = await env.sql('select id from sender_ids where organization_id = ?', [org.id]);
    const res = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, error: { code: 'validation_failed', message: expect.any(String), field: 'name' } });
    expect(await env.sql('select id from sender_ids where organization_id = ?', [org.id])).toEqual(before);
  });

  it.each([
    ['an unknown class', { name: 'CLS1', traffic_classes: ['marketing'] }, 'traffic_classes.0'],
    ['no class', { name: 'CLS2', traffic_classes: [] }, 'traffic_classes'],
    ['an unknown field', { name: 'CLS3', approved: true }, 'approved'],
    ['a missing name', { traffic_classes: ['transactional'] }, 'name'],
  ])('%s is 422 validation_failed naming the field', async (_label, body, field) => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const res = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send(body);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field });
  });

  it.each([
    ['analyst', 'forbidden'],
    ['marketer', 'forbidden'],
    ['billing', 'forbidden'],
  ] as const)('a signed-in %s gets 403 %s and no row is added', async (label, code) => {
    const { agent, csrf } = await signInAs(env, org.members[label]!);
    const name = `NO${label.toUpperCase().slice(0, 6)}`;
    const res = await agent.post('/v1/sender-ids').set('X-CSRF-Token', csrf).send({ name });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(code);
    expect(await rowsNamed(org.id, name)).toEqual([]);
  });

  it.each(['all', 'senders', 'test'] as const)('an API key (%s) gets 403 insufficient_scope and no row is added', async (label) => {
    const res = await request(env.app).post('/v1/sender-ids').set(bearer(org.keys[label]!.secret)).send({ name: 'KEYREQ' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
    expect(await rowsNamed(org.id, 'KEYREQ')).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['forged', 'abc.def'],
  ])('a %s X-CSRF-Token is 403 forbidden and no row is added', async (_label, token) => {
    const { agent } = await signInAs(env, org.members.owner!);
    const req = agent.post('/v1/sender-ids');
    const res = await (token === undefined ? req : req.set('X-CSRF-Token', token)).send({ name: 'NOCSRF' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(await rowsNamed(org.id, 'NOCSRF')).toEqual([]);
  });

  it("another session's CSRF token is refused", async () => {
    const first = await signInAs(env, org.members.owner!);
    const second = await signInAs(env, org.members.admin!);
    const res = await second.agent.post('/v1/sender-ids').set('X-CSRF-Token', first.csrf).send({ name: 'CROSSCSRF' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(await rowsNamed(org.id, 'CROSSCSRF')).toEqual([]);
  });

  it('without any credentials it is 401 unauthorized', async () => {
    const res = await request(env.app).post('/v1/sender-ids').send({ name: 'ANON' });
    expect(res.status).toBe(401);
    expect(await rowsNamed(org.id, 'ANON')).toEqual([]);
  });
});
