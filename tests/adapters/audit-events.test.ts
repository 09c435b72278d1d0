// The audit log over HTTP: key and member changes leave events naming actor and target, GET /v1/audit-events
// is for owners and admins, keyset paging, the action filter, tenancy, and no secret ever in an event.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;

type Agent = Awaited<ReturnType<typeof signInAs>>;
let owner: Agent;
let otherOwner: Agent;

interface AuditEvent {
  id: string;
  action: string;
  actor: { type: string; id: string | null };
  target: { type: string; id: string | null } | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** Everything secret that passed through the API in this file: key secrets and passwords. */
const secrets: string[] = [];

/** What the owner of org A did over HTTP, with the ids to look for. */
const done: {
  created?: { id: string; secret: string };
  rotated?: { oldId: string; newId: string; secret: string };
  revokedId?: string;
  member?: { id: string; email: string; password: string };
} = {};

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    members: { owner: 'owner', admin: 'admin', developer: 'developer', marketer: 'marketer', analyst: 'analyst', billing: 'billing' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' } },
  });
  other = await createOrg(env, { members: { owner: 'owner' }, keys: { live: { mode: 'live' } } });
  for (const o of [org, other]) {
    for (const m of Object.values(o.members)) secrets.push(m.password);
    for (const k of Object.values(o.keys)) secrets.push(k.secret);
  }
  owner = await signInAs(env, org.members.owner!);
  otherOwner = await signInAs(env, other.members.owner!);
});

async function allEvents(agent: Agent, query: Record<string, string | number> = {}): Promise<AuditEvent[]> {
  const out: AuditEvent[] = [];
  let before: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await agent.agent.get('/v1/audit-events').query(before ? { ...query, limit: 100, before } : { ...query, limit: 100 });
    expect(res.status).toBe(200);
    out.push(...(res.body.data.audit_events as AuditEvent[]));
    before = res.body.data.next_before;
    if (before === null) return out;
  }
  throw new Error('too many pages');
}

const find = (events: AuditEvent[], action: string, targetId: string) => events.filter((e) => e.action === action && e.target?.id === targetId);

describe('changes made over HTTP leave audit events', () => {
  it('creating an API key: api_key.created, actor the member, target the key', async () => {
    const res = await owner.agent
      .post('/v1/api-keys')
      .set('X-CSRF-Token', owner.csrf)
      .send({ name: 'billing sync', mode: 'live', scopes: ['wallet:read', 'messages:read'] });
    expect(res.status).toBe(201);
    done.created = { id: res.body.data.api_key.id, secret: res.body.data.secret };
    secrets.push(res.body.data.secret);
    const events = find(await allEvents(owner), 'api_key.created', done.created.id);
    expect(events).toEqual([
      {
        id: expect.any(String),
        action: 'api_key.created',
        actor: { type: 'member', id: org.members.owner!.id },
        target: { type: 'api_key', id: done.created.id },
        details: { name: 'billing sync', mode: 'live', scopes: ['wallet:read', 'messages:read'] },
        created_at: '2026-11-22T09:00:00.000Z',
      },
    ]);
  });

  it('rotating an API key: api_key.rotated, target the old key, naming its replacement', async () => {
    const res = await owner.agent.post(`/v1/api-keys/${done.created!.id}/rotate`).set('X-CSRF-Token', owner.csrf).send({});
    expect(res.status).toBe(201);
    done.rotated = { oldId: done.created!.id, newId: res.body.data.api_key.id, secret: res.body.data.secret };
    secrets.push(res.body.data.secret);
    const events = find(await allEvents(owner), 'api_key.rotated', done.rotated.oldId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { type: 'member', id: org.members.owner!.id },
      target: { type: 'api_key', id: done.rotated.oldId },
      details: { replaced_by: done.rotated.newId },
    });
  });

  it('revoking an API key: api_key.revoked once, even when revoked twice', async () => {
    const id = done.rotated!.newId;
    for (let i = 0; i < 2; i++) {
      const res = await owner.agent.post(`/v1/api-keys/${id}/revoke`).set('X-CSRF-Token', owner.csrf).send({});
      expect(res.status).toBe(200);
      expect(res.body.data.api_key.status).toBe('revoked');
    }
    done.revokedId = id;
    const events = find(await allEvents(owner), 'api_key.revoked', id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: { type: 'member', id: org.members.owner!.id }, target: { type: 'api_key', id } });
  });

  it('adding a member: member.created, target the new member, without the password', async () => {
    const email = `new.analyst.${Date.now()}@example.com`;
    const password = 'correct horse battery staple 42';
    secrets.push(password);
    const res = await owner.agent.post('/v1/members').set('X-CSRF-Token', owner.csrf).send({ email, password, role: 'analyst' });
    expect(res.status).toBe(201);
    done.member = { id: res.body.data.member.id, email, password };
    const events = find(await allEvents(owner), 'member.created', done.member.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { type: 'member', id: org.members.owner!.id },
      target: { type: 'member', id: done.member.id },
      details: { email, role: 'analyst' },
    });
  });

  it('a refused change leaves no event', async () => {
    const before = (await allEvents(owner)).length;
    const short = await owner.agent.post('/v1/members').set('X-CSRF-Token', owner.csrf).send({ email: 'short@example.com', password: 'short', role: 'analyst' });
    expect(short.status).toBe(422);
    expect(short.body.error).toMatchObject({ code: 'validation_failed', field: 'password' });
    const noCsrf = await owner.agent.post('/v1/api-keys').send({ name: 'x', mode: 'test', scopes: ['messages:read'] });
    expect(noCsrf.status).toBe(403);
    const foreign = await owner.agent.post(`/v1/api-keys/${other.keys.live!.id}/revoke`).set('X-CSRF-Token', owner.csrf).send({});
    expect(foreign.status).toBe(404);
    expect((await allEvents(owner)).length).toBe(before);
    expect(find(await allEvents(otherOwner), 'api_key.revoked', other.keys.live!.id)).toEqual([]);
  });
});

describe('GET /v1/audit-events access', () => {
  it.each([
    ['owner', 200, undefined],
    ['admin', 200, undefined],
    ['developer', 403, 'forbidden'],
    ['marketer', 403, 'forbidden'],
    ['analyst', 403, 'forbidden'],
    ['billing', 403, 'forbidden'],
  ] as const)('a signed-in %s gets %i', async (label, status, code) => {
    const { agent } = await signInAs(env, org.members[label]!);
    const res = await agent.get('/v1/audit-events');
    expect(res.status).toBe(status);
    if (code) expect(res.body).toEqual({ success: false, error: { code, message: expect.any(String) } });
    else expect(res.body.data.audit_events.length).toBeGreaterThan(0);
  });

  it.each(['live', 'test'] as const)('a %s key with every scope gets 403 insufficient_scope', async (label) => {
    const res = await request(env.app).get('/v1/audit-events').set(bearer(org.keys[label]!.secret));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
  });

  it('without credentials it is 401 unauthorized', async () => {
    const res = await request(env.app).get('/v1/audit-events');
    expect(res.status).toBe(401);
  });
});

describe('GET /v1/audit-events listing', () => {
  it('lists newest first and matches the stored events of the organization', async () => {
    const events = await allEvents(owner);
    const ids = events.map((e) => e.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const stored = await env.sql<{ id: string }>('select id from audit_events where organization_id = ? order by id desc', [org.id]);
    expect(ids).toEqual(stored.map((r) => r.id));
    // The operator's fixture work is in the log too, as operator.
    expect(events.find((e) => e.action === 'organization.created')).toMatchObject({ actor: { type: 'operator', id: null }, target: { type: 'organization', id: org.id } });
  });

  it.each([1, 2, 3, 7, 100])('keyset pages of %i walk every event once, next_before null on the last page', async (limit) => {
    const all = (await allEvents(owner)).map((e) => e.id);
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await owner.agent.get('/v1/audit-events').query(before ? { limit, before } : { limit });
      expect(res.status).toBe(200);
      const page = res.body.data.audit_events as AuditEvent[];
      expect(page.length).toBeGreaterThan(0);
      expect(page.length).toBeLessThanOrEqual(limit);
      seen.push(...page.map((e) => e.id));
      before = res.body.data.next_before;
      if (before !== null) expect(before).toBe(page[page.length - 1]!.id);
      pages += 1;
    } while (before !== null && pages < 200);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / limit));
  });

  it.each([
    ['limit', { limit: 0 }],
    ['limit', { limit: 101 }],
    ['limit', { limit: 'x' }],
    ['before', { before: 'nope' }],
    ['action', { action: '' }],
    ['actor', { actor: 'member' }],
  ])('a bad %s is 422 validation_failed naming it', async (field, query) => {
    const res = await owner.agent.get('/v1/audit-events').query(query);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field });
  });

  it.each(['api_key.created', 'api_key.rotated', 'api_key.revoked', 'member.created', 'price_plan.set'])(
    'action=%s lists exactly the events with that action',
    async (action) => {
      const filtered = await allEvents(owner, { action });
      expect(filtered.length).toBeGreaterThan(0);
      for (const e of filtered) expect(e.action).toBe(action);
      const all = await allEvents(owner);
      expect(filtered.map((e) => e.id)).toEqual(all.filter((e) => e.action === action).map((e) => e.id));
    },
  );

  it('the action filter combines with paging', async () => {
    const all = await allEvents(owner, { action: 'api_key.created' });
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = await owner.agent.get('/v1/audit-events').query({ action: 'api_key.created', limit: 2 });
    expect(first.body.data.audit_events.map((e: AuditEvent) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const second = await owner.agent.get('/v1/audit-events').query({ action: 'api_key.created', limit: 2, before: first.body.data.next_before });
    expect(second.body.data.audit_events.map((e: AuditEvent) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
  });

  it('an action nobody performed lists nothing', async () => {
    const res = await owner.agent.get('/v1/audit-events').query({ action: 'wallet.frozen' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ audit_events: [], next_before: null });
  });
});

describe('tenancy', () => {
  it("events of another organization never appear, not even with that organization's cursor", async () => {
    // The other organization is busy too.
    const made = await otherOwner.agent.post('/v1/api-keys').set('X-CSRF-Token', otherOwner.csrf).send({ name: 'theirs', mode: 'test', scopes: ['messages:read'] });
    expect(made.status).toBe(201);
    secrets.push(made.body.data.secret);
    const theirs = await allEvents(otherOwner);
    const mine = await allEvents(owner);
    const theirIds = new Set(theirs.map((e) => e.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.filter((e) => theirIds.has(e.id))).toEqual([]);
    const theirTargets = new Set([other.id, made.body.data.api_key.id, ...Object.values(other.members).map((m) => m.id), ...Object.values(other.keys).map((k) => k.id)]);
    expect(mine.filter((e) => e.target && theirTargets.has(e.target.id!))).toEqual([]);
    expect(find(theirs, 'api_key.created', made.body.data.api_key.id)).toHaveLength(1);
    expect(find(mine, 'api_key.created', made.body.data.api_key.id)).toEqual([]);

    // Their newest id is newer than all of mine: as a cursor it still yields only my events.
    const crossed = await owner.agent.get('/v1/audit-events').query({ before: theirs[0]!.id, limit: 100 });
    expect(crossed.status).toBe(200);
    for (const e of crossed.body.data.audit_events as AuditEvent[]) expect(theirIds.has(e.id)).toBe(false);
    // And filtering by an action they performed shows only mine.
    const filtered = await allEvents(owner, { action: 'api_key.created' });
    expect(filtered.map((e) => e.target?.id)).not.toContain(made.body.data.api_key.id);
  });
});

describe('no secret in the audit log', () => {
  it('no event, as listed or as stored, contains a key secret or a password', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(10);
    expect(done.created && done.rotated && done.member).toBeTruthy();
    const listed = JSON.stringify([...(await allEvents(owner)), ...(await allEvents(otherOwner))]);
    const stored = JSON.stringify(await env.sql('select * from audit_events'));
    for (const secret of secrets) {
      const parts = secret.startsWith('ujm_') ? [secret, secret.slice('ujm_live_'.length)] : [secret];
      for (const p of parts) {
        expect(listed.includes(p), 'listed events contain a secret').toBe(false);
        expect(stored.includes(p), 'stored events contain a secret').toBe(false);
      }
    }
  });
});
