// Cross-cutting HTTP behaviour: envelopes, JSON parsing, body size, unknown routes, rate limits, idempotency.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { z } from 'zod';
import { createRestApp } from '../../rest-facade/app.ts';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountDashboard } from '../../dashboard/serve.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { ok, route } from '../../rest-facade/route.ts';
import { inTransaction } from '../../core/app/context.ts';
import { exec } from '../../core/db/sql.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { bearer, createOrg, exhaustBucket, letRealTimePass, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { withSecretWithheld } from '../../core/app/idempotency.ts';
import { successBody } from '../../core/transport/envelope.ts';

/** The answer a replay gives for a first answer that showed a secret: the same bytes, the secret withheld. */
const withheldAnswer = (text: string) => successBody(JSON.stringify(withSecretWithheld((JSON.parse(text) as { data: unknown }).data)));

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env);
  owner = await signInAs(env, org.members.owner!);
});

describe('envelopes', () => {
  it('success is {success: true, data: {...}} as JSON', async () => {
    const res = await request(env.app).get('/v1/wallet').set(bearer(org.keys.live!.secret));
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.data).toBe('object');
  });

  it('an unknown operation is 404 not_found in the failure envelope', async () => {
    const res = await request(env.app).get('/v1/nothing-here').set(bearer(org.keys.live!.secret));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'not_found', message: expect.any(String) } });
  });
});

describe('request bodies', () => {
  const post = (body: string, type = 'application/json') =>
    owner.agent.post('/v1/api-keys').set('X-CSRF-Token', owner.csrf).set('Content-Type', type).send(body);

  it('malformed JSON is 400 invalid_request', async () => {
    const res = await post('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'body' });
  });

  it('a body that is not JSON is 400 invalid_request', async () => {
    const res = await post('name=x', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('a JSON body over 1 MiB is 413 payload_too_large and creates nothing', async () => {
    const before = await env.sql('select count(*)::int as n from api_keys');
    const res = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), mode: 'test', scopes: ['wallet:read'] }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(await env.sql('select count(*)::int as n from api_keys')).toEqual(before);
  });

  it('wrong types and unknown query parameters are 422 validation_failed with the field', async () => {
    const res = await post(JSON.stringify({ name: 7, mode: 'test', scopes: ['wallet:read'] }));
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'name' });
    const q = await request(env.app).get('/v1/wallet/ledger?colour=blue').set(bearer(org.keys.live!.secret));
    expect(q.status).toBe(422);
    expect(q.body.error).toMatchObject({ code: 'validation_failed', field: 'colour' });
  });
});

describe('hostile input never reaches a 500', () => {
  const counts = async () =>
    (await env.sql<Record<string, number>>(
      `select (select count(*)::int from groups) as groups, (select count(*)::int from contacts) as contacts, (select count(*)::int from campaigns) as campaigns,
         (select count(*)::int from members) as members, (select count(*)::int from messages) as messages, (select count(*)::int from audit_events) as audit_events`,
    ))[0];
  const memberPost = (path: string, body: object) => owner.agent.post(path).set('X-CSRF-Token', owner.csrf).send(body);

  it.each([
    ['a group name with NUL', '/v1/groups', { name: 'Wateja\u0000' }, 'name'],
    ['a contact name with a lone surrogate (no longer stored as U+FFFD)', '/v1/contacts', { phone: '+255754000123', name: 'Juma \udc00' }, 'name'],
    ['a contact note with NUL deep inside', '/v1/contacts', { phone: '+255754000124', consent: { note: 'ndiyo\u0000' } }, 'consent.note'],
    ['a member name with a lone surrogate', '/v1/members', { email: 'new@example.com', name: 'x\ud800', role: 'analyst', password: 'Long-enough-passw0rd' }, 'name'],
    ['a campaign name with NUL', '/v1/campaigns', { name: 'Promo\u0000', sender_id: 'UJUMBE', body: 'Habari', group_ids: [] }, 'name'],
    ['a sender_id with NUL', '/v1/campaigns', { name: 'Promo', sender_id: 'UJUMBE\u0000', body: 'Habari', group_ids: [] }, 'sender_id'],
    ['a message body with NUL', '/v1/messages', { to: '+255754000125', from: 'UJUMBE', body: 'a\u0000' }, 'body'],
  ])('%s: 422 validation_failed naming the field, nothing written', async (_label, path, body, field) => {
    const before = await counts();
    const res = await memberPost(path, body).set('X-Idempotency-Key', `hostile-${field}-${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toEqual({ success: false, error: { code: 'validation_failed', message: expect.any(String), field } });
    expect(await counts()).toEqual(before);
  });

  it('the sign-in email and a query value with NUL: 422 naming the field', async () => {
    const signIn = await request(env.app).post('/v1/auth/sign-in').send({ email: 'a\u0000@example.com', password: 'whatever-password' });
    expect([signIn.status, signIn.body.error.field]).toEqual([422, 'email']);
    const audit = await owner.agent.get('/v1/audit-events').query({ action: 'api_key.created\u0000' });
    expect([audit.status, audit.body.error.code, audit.body.error.field]).toEqual([422, 'validation_failed', 'action']);
  });

  it('a message body keeps its line breaks', async () => {
    const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.test!.secret)).send({ to: '+255754000126', from: 'NOSUCH', body: 'line one\r\nline two\f' });
    expect(res.body.error?.field).not.toBe('body');
  });

  it.each(['/v1/messages/%zz', '/v1/messages/%ED%A0%80', '/v1/campaigns/%E0%A4%A'])('a path id that does not decode (%s) is 404 not_found in the envelope', async (path) => {
    const res = await request(env.app).get(path).set(bearer(org.keys.live!.secret));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'not_found', message: expect.any(String) } });
  });

  it.each(['/nothing-here', '/v1x', '/trpcx/y'])('an unknown path outside /v1 (%s) is the envelope too, not an HTML page', async (path) => {
    const res = await request(env.app).post(path).send({});
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('headers', () => {
  it('the dashboard page: a Content-Security-Policy without inline scripts or framing, nosniff, no referrer', async () => {
    const app = createServiceApp(env.deps, { surfaces: [mountDashboard] });
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('every API answer is Cache-Control: no-store (personal data, secrets)', async () => {
    for (const res of [
      await request(env.app).get('/v1/wallet').set(bearer(org.keys.live!.secret)),
      await owner.agent.get('/v1/auth/me'),
      await request(env.app).get('/v1/nothing'),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('rate limits', () => {
  it('token buckets per organization and mode: 429 rate_limited with Retry-After; test and live apart', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 3, testRps: 2 } });
    const o = await createOrg(limited);
    const live = [];
    for (let i = 0; i < 4; i++) live.push((await request(limited.app).get('/v1/wallet').set(bearer(o.keys.live!.secret))).status);
    expect(live).toEqual([200, 200, 200, 429]);
    const test = [];
    for (let i = 0; i < 3; i++) test.push((await request(limited.app).get('/v1/wallet').set(bearer(o.keys.test!.secret))).status);
    expect(test).toEqual([200, 200, 429]);
    const refused = await request(limited.app).get('/v1/wallet').set(bearer(o.keys.test!.secret));
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Buckets refill with real time.
    await letRealTimePass(limited, 2000);
    expect((await request(limited.app).get('/v1/wallet').set(bearer(o.keys.test!.secret))).status).toBe(200);
  });

  it('buckets measure real time: the business clock moved ahead and back again starves none of them', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 20, testRps: 20 } });
    const o = await createOrg(limited);
    const start = await limited.clock.now();
    const wallet = () => request(limited.app).get('/v1/wallet').set(bearer(o.keys.live!.secret));
    // A quarter of an hour ahead, as `ops clock advance` does under CLOCK=test, then back.
    limited.clock.advance(900_000);
    for (let i = 0; i < 5; i++) expect((await wallet()).status).toBe(200);
    limited.clock.set(start);
    // Paced at about half the rate for longer than the burst lasts: every one passes.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await wallet()).status);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('a revoked key takes no token from its organization (it cannot drain the bucket)', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 2, testRps: 2 } });
    const o = await createOrg(limited, { keys: { live: { mode: 'live' }, old: { mode: 'live' } } });
    await limited.sql('update api_keys set revoked_at = ? where id = ?', [new Date('2026-01-01'), o.keys.old!.id]);
    for (let i = 0; i < 5; i++) expect((await request(limited.app).get('/v1/wallet').set(bearer(o.keys.old!.secret))).status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await request(limited.app).get('/v1/wallet').set(bearer(o.keys.live!.secret))).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('a member counts against the live bucket whichever adapter answers: REST, tRPC and GraphQL share it', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 3, testRps: 3 } });
    const app = createServiceApp(limited.deps, { surfaces: [mountTrpc, mountGraphql] });
    const o = await createOrg(limited);
    const agent = request.agent(app);
    expect((await agent.post('/v1/auth/sign-in').send({ email: o.members.owner!.email, password: o.members.owner!.password })).status).toBe(200);
    const rest = () => agent.get('/v1/wallet');
    const trpc = () => agent.get('/trpc/wallet.get');
    const graphql = () => agent.post('/graphql').send({ query: '{ wallet { available } }' });
    // Each adapter's request takes from the one live bucket of the organization: the only bucket of it, touched by each.
    const buckets = () =>
      limited.sql<{ key: string; micros: string }>("select key, (extract(epoch from updated_at) * 1e6)::bigint::text as micros from rate_buckets where key like ?", [`%${o.id}%`]);
    const touched: number[] = [];
    for (const call of [rest, trpc, graphql]) {
      const res = await call();
      expect([res.status, res.body.errors]).toEqual([200, undefined]);
      const found = await buckets();
      expect(found.map((b) => b.key)).toEqual([`api:${o.id}:live`]);
      touched.push(Number(found[0]!.micros));
    }
    expect(touched[1]).toBeGreaterThan(touched[0]!);
    expect(touched[2]).toBeGreaterThan(touched[1]!);
    // Emptied for good (real time cannot refill it within the test, however slow the machine): each adapter refuses.
    await exhaustBucket(limited, `api:${o.id}:live`);
    const restRefused = await rest();
    expect([restRefused.status, restRefused.body.error.code]).toEqual([429, 'rate_limited']);
    const trpcRefused = await trpc();
    expect([trpcRefused.status, trpcRefused.body.error.data.ujumbe.code]).toEqual([429, 'rate_limited']);
    const graphqlRefused = await graphql();
    expect([graphqlRefused.status, graphqlRefused.body.errors[0].extensions.code]).toEqual([429, 'rate_limited']);
    // Another organization's members are not slowed by this one's.
    const other = await createOrg(limited);
    const otherAgent = request.agent(app);
    await otherAgent.post('/v1/auth/sign-in').send({ email: other.members.owner!.email, password: other.members.owner!.password });
    expect((await otherAgent.get('/trpc/wallet.get')).status).toBe(200);
  });

  it('buckets live in the database, so two app instances (replicas) share them', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 2, testRps: 2 } });
    const o = await createOrg(limited);
    const replica = createRestApp(limited.deps);
    // Each app answers once first, for another organization's key: the three requests below then take milliseconds,
    // well inside the half second in which a rate of 2 a second gives a token back, however busy the machine.
    const warm = await createOrg(limited);
    for (const each of [limited.app, replica]) expect((await request(each).get('/v1/wallet').set(bearer(warm.keys.live!.secret))).status).toBe(200);
    const a = await request(limited.app).get('/v1/wallet').set(bearer(o.keys.live!.secret));
    const b = await request(replica).get('/v1/wallet').set(bearer(o.keys.live!.secret));
    const c = await request(limited.app).get('/v1/wallet').set(bearer(o.keys.live!.secret));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
  });
});

describe('idempotency', () => {
  const createKey = (key: string | undefined, body: object) => {
    const req = owner.agent.post('/v1/api-keys').set('X-CSRF-Token', owner.csrf);
    return (key === undefined ? req : req.set('X-Idempotency-Key', key)).send(body);
  };

  it('the same key and request replays the original status and body with X-Idempotent-Replay: true, once in effect', async () => {
    const body = { name: 'idem', mode: 'test', scopes: ['wallet:read'] };
    const first = await createKey('idem-1', body);
    const second = await createKey('idem-1', body);
    expect(first.status).toBe(201);
    expect(first.headers['x-idempotent-replay']).toBeUndefined();
    expect(second.status).toBe(201);
    expect(second.headers['x-idempotent-replay']).toBe('true');
    // Byte for byte, but for the key's secret, which is shown once and never kept.
    expect(second.text).toBe(withheldAnswer(first.text));
    expect(await env.sql("select count(*)::int as n from api_keys where name = 'idem'")).toEqual([{ n: 1 }]);
  });

  it('the same key with a different request is 409 idempotency_conflict', async () => {
    await createKey('idem-2', { name: 'a', mode: 'test', scopes: ['wallet:read'] });
    const res = await createKey('idem-2', { name: 'b', mode: 'test', scopes: ['wallet:read'] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('idempotency_conflict');
  });

  it('concurrent identical requests: one effect, the others wait and replay it', async () => {
    const body = { name: 'concurrent', mode: 'test', scopes: ['wallet:read'] };
    const results = await Promise.all(Array.from({ length: 6 }, () => createKey('idem-3', body)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const replays = results.filter((r) => r.headers['x-idempotent-replay'] === 'true');
    expect(replays).toHaveLength(5);
    const first = results.find((r) => r.headers['x-idempotent-replay'] === undefined)!;
    expect(new Set(replays.map((r) => r.text))).toEqual(new Set([withheldAnswer(first.text)]));
    expect(await env.sql("select count(*)::int as n from api_keys where name = 'concurrent'")).toEqual([{ n: 1 }]);
  });

  it('a refused request stores nothing: the same key may be used again', async () => {
    const bad = await createKey('idem-4', { name: 'x', mode: 'test', scopes: [] });
    expect(bad.status).toBe(422);
    expect((await createKey('idem-4', { name: 'later', mode: 'test', scopes: ['wallet:read'] })).status).toBe(201);
  });

  it('keys are scoped to the tenant: another organization may use the same key', async () => {
    const other = await createOrg(env);
    const s = await signInAs(env, other.members.owner!);
    const body = { name: 'tenant', mode: 'test', scopes: ['wallet:read'] };
    await createKey('idem-5', body);
    const res = await s.agent.post('/v1/api-keys').set('X-CSRF-Token', s.csrf).set('X-Idempotency-Key', 'idem-5').send(body);
    expect(res.headers['x-idempotent-replay']).toBeUndefined();
    expect(res.body.data.api_key.id).toBeDefined();
  });

  it('records are kept 7 days, then the key may be reused', async () => {
    const body = { name: 'week', mode: 'test', scopes: ['wallet:read'] };
    await createKey('idem-6', body);
    env.clock.advance(7 * 86_400_000 + 1000);
    try {
      const again = await createKey('idem-6', body);
      expect(again.headers['x-idempotent-replay']).toBeUndefined();
    } finally {
      env.clock.advance(-(7 * 86_400_000 + 1000));
    }
  });

  // A route that requires the header, with an effect that fails after writing, exercises the rest of the mechanism.
  const probe = route({
    method: 'post',
    path: '/v1/probe',
    operationId: 'probe',
    summary: 'probe',
    tag: 'test',
    access: { scopes: ['wallet:read'], permission: 'wallet.read' },
    body: z.strictObject({ fail: z.boolean() }),
    idempotency: 'required',
    status: 202,
    handler: async ({ ctx, actor, body }) =>
      inTransaction(ctx, async (tx) => {
        await exec(tx.em, "insert into audit_events (id, organization_id, actor_type, action, created_at) values (gen_random_uuid(), ?, 'system', 'probe', ?)", [actor.organizationId, tx.now]);
        if (body.fail) throw new DomainError('insufficient_funds', 'no');
        return ok({ done: true });
      }),
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'a b'],
    ['non-ASCII', 'caf\u00e9'],
  ])('a required X-Idempotency-Key that is %s is 400 invalid_request', async (_label, key) => {
    const app = createRestApp(env.deps, { routes: [probe] });
    const req = request(app).post('/v1/probe').set(bearer(org.keys.live!.secret));
    const res = await (key === undefined ? req : req.set('X-Idempotency-Key', key)).send({ fail: false });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'X-Idempotency-Key' });
  });

  it('the record and the effect commit together: a failing effect leaves neither', async () => {
    const app = createRestApp(env.deps, { routes: [probe] });
    const count = () => env.sql("select count(*)::int as n from audit_events where action = 'probe'");
    const before = await count();
    const failed = await request(app).post('/v1/probe').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', 'p-1').send({ fail: true });
    expect(failed.status).toBe(422);
    expect(await count()).toEqual(before);
    expect(await env.sql("select count(*)::int as n from idempotency_records where key = 'p-1'")).toEqual([{ n: 0 }]);
    const done = await request(app).post('/v1/probe').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', 'p-2').send({ fail: false });
    expect(done.status).toBe(202);
    expect(await env.sql("select count(*)::int as n from idempotency_records where key = 'p-2'")).toEqual([{ n: 1 }]);
  });
});
