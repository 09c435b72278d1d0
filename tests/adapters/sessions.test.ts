// Sessions over HTTP: sign-in cookies, CSRF bound to the session, sign-out, roles and permissions.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { owner: 'owner', admin: 'admin', developer: 'developer', analyst: 'analyst', billing: 'billing' } });
});

const newKeyBody = { name: 'ci', mode: 'test', scopes: ['messages:read'] };

describe('sign-in', () => {
  it('sets ujm_session (HttpOnly, SameSite=Lax) and ujm_csrf, and answers data.member without secrets', async () => {
    const { signIn } = await signInAs(env, org.members.owner!);
    const cookies = signIn.headers['set-cookie'] as unknown as string[];
    const session = cookies.find((c) => c.startsWith('ujm_session='));
    const csrf = cookies.find((c) => c.startsWith('ujm_csrf='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(csrf).toBeDefined();
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(signIn.body.data.member).toMatchObject({ email: org.members.owner!.email, role: 'owner' });
    expect(JSON.stringify(signIn.body)).not.toContain('password');
  });

  it('both cookies last the session as a relative Max-Age, honoured whatever the service clock says', async () => {
    // A service clock years behind the real one: an absolute Expires taken from it would be long past.
    const behind = await setupTestEnv();
    behind.clock.set(new Date('2001-02-03T04:05:06Z'));
    const o = await createOrg(behind);
    const { agent, signIn } = await signInAs(behind, o.members.owner!);
    const cookies = signIn.headers['set-cookie'] as unknown as string[];
    for (const name of ['ujm_session', 'ujm_csrf']) {
      expect(cookies.find((c) => c.startsWith(`${name}=`))).toMatch(/; Max-Age=86400(;|$)/);
    }
    expect(signIn.body.data.expires_at).toBe('2001-02-04T04:05:06.000Z');
    const me = await agent.get('/v1/auth/me');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.data.member.email).toBe(o.members.owner!.email);
  });

  it('behind TRUST_PROXY, X-Forwarded-Proto: https makes both cookies Secure; without it the header is not trusted', async () => {
    const proxied = await setupTestEnv({ trustProxyHops: 1 });
    const direct = await setupTestEnv();
    const o = await createOrg(proxied);
    const cookiesOf = async (e: typeof env) =>
      (await request(e.app).post('/v1/auth/sign-in').set('X-Forwarded-Proto', 'https').send({ email: o.members.owner!.email, password: o.members.owner!.password })).headers['set-cookie'] as unknown as string[];
    for (const c of await cookiesOf(proxied)) expect(c).toMatch(/; Secure/);
    for (const c of await cookiesOf(direct)) expect(c).not.toMatch(/; Secure/);
  });

  it.each([
    ['a wrong password', (m: { email: string }) => ({ email: m.email, password: 'not-the-password' })],
    ['an unknown email', () => ({ email: 'nobody@example.com', password: 'whatever-password' })],
  ])('%s is 401 unauthorized and sets no cookie', async (_label, body) => {
    const res = await request(env.app).post('/v1/auth/sign-in').send(body(org.members.owner!));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses malformed bodies with 422 naming the field, and unknown fields', async () => {
    for (const [body, field] of [
      [{ email: 'a@b.c' }, 'password'],
      [{ password: 'x' }, 'email'],
      [{ email: 'a@b.c', password: 'x', remember: true }, 'remember'],
      [{ email: 5, password: 'x' }, 'email'],
    ] as const) {
      const res = await request(env.app).post('/v1/auth/sign-in').send(body);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', field });
    }
  });

  describe('failed attempts slow further ones without locking the member out', () => {
    const attempt = (e: TestEnv, email: string, password: string, address: string) =>
      request(e.app).post('/v1/auth/sign-in').set('X-Forwarded-For', address).send({ email, password });

    it('per email: 3 free failures, then 429 with Retry-After from another address; real time passing lets the next attempt in', async () => {
      const limited = await setupTestEnv({ trustProxyHops: 1, rateLimits: { signInFreeFailuresPerEmail: 3, signInFreeFailuresPerAddress: 1000 } });
      const o = await createOrg(limited);
      const { email, password } = o.members.owner!;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await attempt(limited, email, 'wrong-password-here', `203.0.113.${i + 1}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      const refused = await attempt(limited, email, password, '198.51.100.7');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await limited.sql("update sign_in_failures set last_failure_at = last_failure_at - interval '1 minute'");
      expect((await attempt(limited, email, password, '198.51.100.7')).status).toBe(200);
      // A success resets the email's count.
      expect((await attempt(limited, email, 'wrong-password-here', '198.51.100.8')).status).toBe(401);
    });

    it('the correct password from an address the member signed in from before passes while the email is slowed', async () => {
      const limited = await setupTestEnv({ trustProxyHops: 1, rateLimits: { signInFreeFailuresPerEmail: 1, signInFreeFailuresPerAddress: 1000 } });
      const o = await createOrg(limited);
      const { email, password } = o.members.owner!;
      expect((await attempt(limited, email, password, '192.0.2.10')).status).toBe(200);
      for (let i = 0; i < 3; i++) await attempt(limited, email, 'attacker-guess-000', '203.0.113.66');
      expect((await attempt(limited, email, password, '192.0.2.99')).status).toBe(429);
      expect((await attempt(limited, email, password, '192.0.2.10')).status).toBe(200);
    });

    it('per address: spraying many emails from one address is slowed', async () => {
      const limited = await setupTestEnv({ trustProxyHops: 1, rateLimits: { signInFreeFailuresPerEmail: 1000, signInFreeFailuresPerAddress: 5 } });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await attempt(limited, `nobody${i}@example.com`, 'Winter2026!!', '203.0.113.200')).status);
      expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(statuses.slice(6)).toEqual([429, 429]);
      // Another address is not slowed by it.
      expect((await attempt(limited, 'nobody9@example.com', 'Winter2026!!', '203.0.113.201')).status).toBe(401);
    });

    it('every sign-in and every failed sign-in of a member is an audit event with the address', async () => {
      const e = await setupTestEnv({ trustProxyHops: 1 });
      const o = await createOrg(e);
      const { email, password, id } = o.members.owner!;
      await attempt(e, email, 'wrong-password-here', '203.0.113.9');
      await attempt(e, email, password, '192.0.2.1');
      const events = await e.sql<{ action: string; actor_type: string; actor_id: string | null; target_id: string; details: { address: string } }>(
        "select action, actor_type, actor_id, target_id, details from audit_events where organization_id = ? and action like 'member.sign%' order by created_at, id",
        [o.id],
      );
      expect(events).toEqual([
        { action: 'member.sign_in_failed', actor_type: 'system', actor_id: null, target_id: id, details: { address: '203.0.113.9' } },
        { action: 'member.signed_in', actor_type: 'member', actor_id: id, target_id: id, details: { address: '192.0.2.1' } },
      ]);
    });
  });
});

describe('one address, members of several organizations', () => {
  const signIn = (e: TestEnv, body: object) => request(e.app).post('/v1/auth/sign-in').send(body);

  it('each password signs in to its own membership; the same password in both picks the most recently used, organization_id picks one', async () => {
    const e = await setupTestEnv();
    const [a, b] = [await createOrg(e, { keys: {} }), await createOrg(e, { keys: {} })];
    const email = 'shared.person@example.com';
    const { createMember } = await import('../../core/app/members/create-member.ts');
    const { operator } = await import('../support/app.ts');
    await createMember(await e.ctx(), operator, a.id, { email, password: 'password of org a', role: 'analyst' });
    await createMember(await e.ctx(), operator, b.id, { email, password: 'password of org b', role: 'billing' });
    const inA = await signIn(e, { email, password: 'password of org a' });
    const inB = await signIn(e, { email, password: 'password of org b' });
    expect([inA.body.data.member.organization_id, inA.body.data.member.role]).toEqual([a.id, 'analyst']);
    expect([inB.body.data.member.organization_id, inB.body.data.member.role]).toEqual([b.id, 'billing']);
    expect((await signIn(e, { email, password: 'password of org a', organization_id: b.id })).status).toBe(401);
    // A wrong password is one failure, audited in every organization whose member has the address (the one above in b only).
    expect((await signIn(e, { email, password: 'neither of the two' })).status).toBe(401);
    const failed = await e.sql<{ organization_id: string }>(
      "select organization_id from audit_events where action = 'member.sign_in_failed' and organization_id in (?, ?) order by organization_id",
      [a.id, b.id],
    );
    expect(failed.map((f) => f.organization_id)).toEqual([a.id, b.id, b.id].sort());
    // One password for both: the membership signed in to last wins unless organization_id names one.
    const c = await createOrg(e, { keys: {} });
    const d = await createOrg(e, { keys: {} });
    const same = 'same.password@example.com';
    await createMember(await e.ctx(), operator, c.id, { email: same, password: 'one password for both', role: 'analyst' });
    await createMember(await e.ctx(), operator, d.id, { email: same, password: 'one password for both', role: 'analyst' });
    e.clock.advance(60_000);
    expect((await signIn(e, { email: same, password: 'one password for both', organization_id: c.id })).body.data.member.organization_id).toBe(c.id);
    e.clock.advance(60_000);
    expect((await signIn(e, { email: same, password: 'one password for both' })).body.data.member.organization_id).toBe(c.id);
    e.clock.advance(60_000);
    expect((await signIn(e, { email: same, password: 'one password for both', organization_id: d.id })).body.data.member.organization_id).toBe(d.id);
    e.clock.advance(60_000);
    expect((await signIn(e, { email: same, password: 'one password for both' })).body.data.member.organization_id).toBe(d.id);
  });
});

describe('CSRF', () => {
  it('a state change without a valid X-CSRF-Token is 403 forbidden and changes nothing', async () => {
    const { agent, csrf } = await signInAs(env, org.members.owner!);
    const other = await signInAs(env, org.members.owner!);
    const before = await env.sql('select count(*)::int as n from api_keys where organization_id = ?', [org.id]);
    for (const token of [undefined, `${csrf}x`, 'abc.def', other.csrf]) {
      const req = agent.post('/v1/api-keys').send(newKeyBody);
      const res = token === undefined ? await req : await req.set('X-CSRF-Token', token);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', field: 'X-CSRF-Token' });
    }
    expect(await env.sql('select count(*)::int as n from api_keys where organization_id = ?', [org.id])).toEqual(before);
    const ok = await agent.post('/v1/api-keys').set('X-CSRF-Token', csrf).send(newKeyBody);
    expect(ok.status).toBe(201);
  });

  it('reads need no token', async () => {
    const { agent } = await signInAs(env, org.members.owner!);
    expect((await agent.get('/v1/auth/me')).status).toBe(200);
  });
});

describe('sign-out and me', () => {
  it('me answers the member and organization; after sign-out the old cookie is refused', async () => {
    const { agent, csrf, signIn } = await signInAs(env, org.members.analyst!);
    const me = await agent.get('/v1/auth/me');
    expect(me.body.data.member.role).toBe('analyst');
    expect(me.body.data.organization.id).toBe(org.id);
    const cookie = (signIn.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('ujm_session='))!.split(';')[0]!;
    const out = await agent.post('/v1/auth/sign-out').set('X-CSRF-Token', csrf).send({});
    expect(out.status).toBe(200);
    expect((await agent.get('/v1/auth/me')).status).toBe(401);
    expect((await request(env.app).get('/v1/auth/me').set('Cookie', cookie)).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { agent } = await signInAs(env, org.members.analyst!);
    env.clock.advance(25 * 3600_000);
    try {
      expect((await agent.get('/v1/auth/me')).status).toBe(401);
    } finally {
      env.clock.advance(-25 * 3600_000);
    }
  });

  it('without credentials members-only operations are 401', async () => {
    for (const p of ['/v1/auth/me', '/v1/api-keys', '/v1/members', '/v1/audit-events']) {
      expect((await request(env.app).get(p)).status, p).toBe(401);
    }
  });
});

describe('roles and permissions', () => {
  it.each([
    ['owner', '/v1/members', 200],
    ['admin', '/v1/members', 200],
    ['developer', '/v1/members', 403],
    ['developer', '/v1/api-keys', 200],
    ['analyst', '/v1/api-keys', 403],
    ['billing', '/v1/wallet', 200],
    ['billing', '/v1/sender-ids', 403],
    ['analyst', '/v1/wallet', 200],
    ['analyst', '/v1/audit-events', 403],
  ])('%s GET %s → %i', async (role, path, status) => {
    const { agent } = await signInAs(env, org.members[role]!);
    const res = await agent.get(path);
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body.error.code).toBe('forbidden');
  });
});
