// API key management over HTTP: create (shown once, hashed), scopes vs role, limits, expiry, rotation, revocation.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { owner: 'owner', developer: 'developer' }, keys: {} });
  owner = await signInAs(env, org.members.owner!);
});

function create(session: typeof owner, body: object) {
  return session.agent.post('/v1/api-keys').set('X-CSRF-Token', session.csrf).send(body);
}

describe('creating a key', () => {
  it('shows the secret once, stores only its SHA-256, and the key works at once', async () => {
    const res = await create(owner, { name: 'server', mode: 'live', scopes: ['wallet:read'] });
    expect(res.status).toBe(201);
    const { api_key: key, secret } = res.body.data;
    expect(secret).toMatch(/^ujm_live_[0-9A-Za-z]{32}$/);
    expect(key).toMatchObject({ name: 'server', mode: 'live', scopes: ['wallet:read'], status: 'active' });
    expect(JSON.stringify(key)).not.toContain(secret);
    const [row] = await env.sql<{ secret_hash: Buffer }>('select secret_hash from api_keys where id = ?', [key.id]);
    expect(Buffer.from(row!.secret_hash).toString('hex')).toBe(createHash('sha256').update(secret).digest('hex'));
    const stored = JSON.stringify(await env.sql('select * from api_keys where id = ?', [key.id]));
    expect(stored).not.toContain(secret);
    expect((await request(env.app).get('/v1/wallet').set(bearer(secret))).status).toBe(200);
    const listed = await owner.agent.get('/v1/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('expires after 365 days by default, at most 730', async () => {
    const res = await create(owner, { name: 'default expiry', mode: 'test', scopes: ['messages:read'] });
    const { expires_at, created_at } = res.body.data.api_key;
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(365 * 86_400_000);
    expect((await create(owner, { name: 'x', mode: 'test', scopes: ['messages:read'], expires_in_days: 730 })).status).toBe(201);
    const tooLong = await create(owner, { name: 'x', mode: 'test', scopes: ['messages:read'], expires_in_days: 731 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error).toMatchObject({ code: 'validation_failed', field: 'expires_in_days' });
  });

  it.each([
    [{ name: '', mode: 'test', scopes: ['messages:read'] }, 'name'],
    [{ name: 'x', mode: 'prod', scopes: ['messages:read'] }, 'mode'],
    [{ name: 'x', mode: 'test', scopes: [] }, 'scopes'],
    [{ name: 'x', mode: 'test', scopes: ['contacts:read'] }, 'scopes.0'],
    [{ name: 'x', mode: 'test', scopes: ['wallet:read', 'wallet:read'] }, 'scopes'],
    [{ name: 'x', mode: 'test', scopes: ['wallet:read'], admin: true }, 'admin'],
    [{ name: 'x', mode: 'test', scopes: ['wallet:read'], expires_in_days: 1.5 }, 'expires_in_days'],
  ])('refuses %j with 422 field %s and creates nothing', async (body, field) => {
    const before = await env.sql('select count(*)::int as n from api_keys');
    const res = await create(owner, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field });
    expect(await env.sql('select count(*)::int as n from api_keys')).toEqual(before);
  });

  it('a live key may hold only scopes the member may use (403 scope_exceeds_role); a test key any scope', async () => {
    const dev = await signInAs(env, org.members.developer!);
    const live = await create(dev, { name: 'x', mode: 'live', scopes: ['messages:send', 'campaigns:write'] });
    expect(live.status).toBe(403);
    expect(live.body.error).toMatchObject({ code: 'scope_exceeds_role', field: 'scopes' });
    expect((await create(dev, { name: 'x', mode: 'live', scopes: ['messages:send', 'wallet:read'] })).status).toBe(201);
    expect((await create(dev, { name: 'x', mode: 'test', scopes: ['campaigns:write'] })).status).toBe(201);
  });

  it('an unverified organization cannot get live keys from members (403 organization_not_verified), test keys yes', async () => {
    const unverified = await createOrg(env, { verified: false, keys: {} });
    const s = await signInAs(env, unverified.members.owner!);
    const live = await create(s, { name: 'x', mode: 'live', scopes: ['wallet:read'] });
    expect(live.status).toBe(403);
    expect(live.body.error.code).toBe('organization_not_verified');
    expect((await create(s, { name: 'x', mode: 'test', scopes: ['wallet:read'] })).status).toBe(201);
  });

  it('at most 20 active keys (409 too_many_api_keys); revoking one makes room', async () => {
    const small = await createOrg(env, { keys: {} });
    const s = await signInAs(env, small.members.owner!);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await create(s, { name: `k${i}`, mode: 'test', scopes: ['wallet:read'] })).body.data.api_key.id);
    const over = await create(s, { name: 'k21', mode: 'test', scopes: ['wallet:read'] });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('too_many_api_keys');
    await s.agent.post(`/v1/api-keys/${ids[0]}/revoke`).set('X-CSRF-Token', s.csrf).send({});
    expect((await create(s, { name: 'k21', mode: 'test', scopes: ['wallet:read'] })).status).toBe(201);
  });
});

describe('the secret is shown once and kept nowhere', () => {
  /** Every table of the database (ours and graphile-worker's) whose rows, as text, contain the value. */
  async function tablesHolding(value: string): Promise<string[]> {
    const tables = await env.sql<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    const holding: string[] = [];
    for (const { name } of tables) {
      const [hit] = await env.sql<{ n: number }>(`select count(*)::int as n from ${name} t where strpos(t::text, ?) > 0`, [value]);
      if (hit!.n > 0) holding.push(name);
    }
    return holding;
  }

  it.each(['create', 'rotate'])('%s with X-Idempotency-Key: the replay (any session) answers the resource with the secret withheld; no table holds it', async (operation) => {
    const admin = await signInAs(env, (await createOrg(env, { members: { admin: 'admin' }, keys: {} })).members.admin!);
    const other = await signInAs(env, org.members.owner!);
    const key = `K-${operation}-${Date.now()}`;
    const target = operation === 'rotate' ? (await create(owner, { name: 'to rotate', mode: 'test', scopes: ['wallet:read'] })).body.data.api_key.id : null;
    const send = (session: typeof owner) =>
      (target ? session.agent.post(`/v1/api-keys/${target}/rotate`).send({}) : session.agent.post('/v1/api-keys').send({ name: 'replayed', mode: 'test', scopes: ['wallet:read'] }))
        .set('X-CSRF-Token', session.csrf)
        .set('X-Idempotency-Key', key);
    const first = await send(owner);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const secret = first.body.data.secret as string;
    expect(secret).toMatch(/^ujm_test_/);
    expect(first.body.data.secret_shown).toBe(true);

    const replay = await send(other);
    expect(replay.status).toBe(201);
    expect(replay.headers['x-idempotent-replay']).toBe('true');
    expect(replay.headers['cache-control']).toBe('no-store');
    expect(replay.body.data).toEqual({ ...first.body.data, secret: null, secret_shown: false });
    expect(replay.text).not.toContain(secret);
    expect(await tablesHolding(secret)).toEqual([]);
    // Another organization's member with the same key meets its own record, not this one.
    const foreign = await send(admin);
    expect(foreign.text).not.toContain(secret);
  });
});

describe('revoking and rotating', () => {
  it('a revoked key is refused at once', async () => {
    const { api_key: key, secret } = (await create(owner, { name: 'r', mode: 'test', scopes: ['wallet:read'] })).body.data;
    const res = await owner.agent.post(`/v1/api-keys/${key.id}/revoke`).set('X-CSRF-Token', owner.csrf).send({});
    expect(res.status).toBe(200);
    expect(res.body.data.api_key.status).toBe('revoked');
    expect((await request(env.app).get('/v1/wallet').set(bearer(secret))).status).toBe(401);
  });

  it('rotation: same name, mode and scopes; the old key works until the grace period ends', async () => {
    const { api_key: key, secret } = (await create(owner, { name: 'rot', mode: 'live', scopes: ['wallet:read', 'messages:read'] })).body.data;
    const res = await owner.agent.post(`/v1/api-keys/${key.id}/rotate`).set('X-CSRF-Token', owner.csrf).send({ grace_hours: 2 });
    expect(res.status).toBe(201);
    const replacement = res.body.data;
    expect(replacement.secret).toMatch(/^ujm_live_[0-9A-Za-z]{32}$/);
    expect(replacement.api_key).toMatchObject({ name: 'rot', mode: 'live', scopes: ['wallet:read', 'messages:read'], status: 'active' });
    expect(replacement.rotated).toMatchObject({ id: key.id, status: 'rotated', replaced_by: replacement.api_key.id });
    expect((await request(env.app).get('/v1/wallet').set(bearer(secret))).status).toBe(200);
    env.clock.advance(2 * 3600_000 + 1000);
    try {
      expect((await request(env.app).get('/v1/wallet').set(bearer(secret))).status).toBe(401);
      expect((await request(env.app).get('/v1/wallet').set(bearer(replacement.secret))).status).toBe(200);
    } finally {
      env.clock.advance(-(2 * 3600_000 + 1000));
    }
  });

  it("rotation is creation: a developer cannot rotate a live key whose scopes its role could not give (403 scope_exceeds_role, nothing changes)", async () => {
    const developer = await signInAs(env, org.members.developer!);
    const { api_key: key, secret } = (await create(owner, { name: 'campaigns', mode: 'live', scopes: ['campaigns:write', 'campaigns:read'] })).body.data;
    const keysBefore = await env.sql('select id, rotated_at, grace_until, replaced_by_id from api_keys where organization_id = ? order by id', [org.id]);
    const res = await developer.agent.post(`/v1/api-keys/${key.id}/rotate`).set('X-CSRF-Token', developer.csrf).send({ grace_hours: 0 });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'scope_exceeds_role', field: 'scopes' });
    expect(await env.sql('select id, rotated_at, grace_until, replaced_by_id from api_keys where organization_id = ? order by id', [org.id])).toEqual(keysBefore);
    expect((await request(env.app).get('/v1/campaigns').set(bearer(secret))).status).toBe(200);
    // Within its role the developer rotates; the audit event names both keys and the member.
    const { api_key: own } = (await create(developer, { name: 'sender', mode: 'live', scopes: ['messages:send'] })).body.data;
    const rotated = await developer.agent.post(`/v1/api-keys/${own.id}/rotate`).set('X-CSRF-Token', developer.csrf).send({});
    expect(rotated.status).toBe(201);
    const [event] = await env.sql<{ actor_type: string; actor_id: string; target_id: string; details: { replaced_by: string } }>(
      "select actor_type, actor_id, target_id, details from audit_events where action = 'api_key.rotated' and target_id = ?",
      [own.id],
    );
    expect(event).toMatchObject({ actor_type: 'member', actor_id: org.members.developer!.id, target_id: own.id, details: { replaced_by: rotated.body.data.api_key.id } });
  });

  it('grace defaults to 24 hours and is at most 168; a rotated or revoked key cannot be rotated again', async () => {
    const { api_key: key } = (await create(owner, { name: 'g', mode: 'test', scopes: ['wallet:read'] })).body.data;
    const tooLong = await owner.agent.post(`/v1/api-keys/${key.id}/rotate`).set('X-CSRF-Token', owner.csrf).send({ grace_hours: 169 });
    expect(tooLong.body.error).toMatchObject({ code: 'validation_failed', field: 'grace_hours' });
    const res = await owner.agent.post(`/v1/api-keys/${key.id}/rotate`).set('X-CSRF-Token', owner.csrf).send({});
    expect(Date.parse(res.body.data.rotated.grace_until) - Date.parse(res.body.data.rotated.rotated_at)).toBe(24 * 3600_000);
    const again = await owner.agent.post(`/v1/api-keys/${key.id}/rotate`).set('X-CSRF-Token', owner.csrf).send({});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('api_key_not_active');
  });

  it('unknown, malformed and other-tenant ids are 404 not_found', async () => {
    const other = await createOrg(env, { keys: { k: { mode: 'test' } } });
    for (const id of ['00000000-0000-7000-8000-000000000000', 'not-a-uuid', other.keys.k!.id]) {
      const res = await owner.agent.post(`/v1/api-keys/${id}/revoke`).set('X-CSRF-Token', owner.csrf).send({});
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const [row] = await env.sql<{ revoked_at: Date | null }>('select revoked_at from api_keys where id = ?', [other.keys.k!.id]);
    expect(row!.revoked_at).toBeNull();
  });
});
