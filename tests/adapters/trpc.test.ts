// The dashboard's tRPC API calls the same use cases as REST: same data, same permissions, CSRF on mutations.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { MAX_BATCH, mountTrpc } from '../../admin-trpc/router.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { anonymous, ok, refused, signedIn } from '../support/trpc.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountTrpc] });
  org = await createOrg(env, { credit: 123_456n, members: { owner: 'owner', marketer: 'marketer' } });
});

async function session(member: { email: string; password: string }) {
  const agent = request.agent(app);
  const res = await agent.post('/v1/auth/sign-in').send({ email: member.email, password: member.password });
  return { agent, csrf: res.body.data.csrf_token as string };
}

describe('tRPC', () => {
  it('wallet.get answers what GET /v1/wallet answers', async () => {
    const { agent } = await session(org.members.owner!);
    const trpc = await agent.get('/trpc/wallet.get');
    const rest = await request(app).get('/v1/wallet').set(bearer(org.keys.live!.secret));
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body.data);
    expect(trpc.body.result.data.wallet.available).toBe(123_456);
  });

  it('needs a session: UNAUTHORIZED without one, and API keys are not sessions', async () => {
    const res = await request(app).get('/trpc/auth.me').set(bearer(org.keys.live!.secret));
    expect(res.status).toBe(401);
    expect(res.body.error.data.ujumbe.code).toBe('unauthorized');
  });

  it('refuses a member without the permission (FORBIDDEN, code forbidden)', async () => {
    const { agent } = await session(org.members.marketer!);
    const res = await agent.get('/trpc/apiKeys.list?input=%7B%7D');
    expect(res.status).toBe(403);
    expect(res.body.error.data.ujumbe.code).toBe('forbidden');
  });

  it('mutations need the session CSRF token; with it the key is created once', async () => {
    const { agent, csrf } = await session(org.members.owner!);
    const input = { name: 'from dashboard', mode: 'test', scopes: ['wallet:read'] };
    const refused = await agent.post('/trpc/apiKeys.create').send(input);
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.ujumbe).toMatchObject({ code: 'forbidden', field: 'X-CSRF-Token' });
    const created = await agent.post('/trpc/apiKeys.create').set('X-CSRF-Token', csrf).send(input);
    expect(created.status).toBe(200);
    expect(created.body.result.data.secret).toMatch(/^ujm_test_/);
    expect(await env.sql("select count(*)::int as n from api_keys where name = 'from dashboard'")).toEqual([{ n: 1 }]);
  });

  it('bad input is refused by the same zod schema (BAD_REQUEST validation_failed naming the field) and creates nothing', async () => {
    const { agent, csrf } = await session(org.members.owner!);
    const res = await agent.post('/trpc/apiKeys.create').set('X-CSRF-Token', csrf).send({ name: 'x', mode: 'test', scopes: ['wallet:read'], extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.data.ujumbe).toEqual({ code: 'validation_failed', field: 'extra' });
    expect(res.body.error.message).toBe('Unknown field extra: it is not part of this operation.');
    const wrong = await agent.post('/trpc/apiKeys.create').set('X-CSRF-Token', csrf).send({ name: 'x', mode: 'sideways', scopes: ['wallet:read'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.data.ujumbe).toEqual({ code: 'validation_failed', field: 'mode' });
    expect(await env.sql("select count(*)::int as n from api_keys where name = 'x'")).toEqual([{ n: 0 }]);
  });

  it('a NUL or a lone surrogate in an input is UNPROCESSABLE_CONTENT validation_failed naming the field, creating nothing', async () => {
    const { agent, csrf } = await session(org.members.owner!);
    for (const name of ['nul\u0000', 'lone \ud800']) {
      const res = await agent.post('/trpc/apiKeys.create').set('X-CSRF-Token', csrf).send({ name, mode: 'test', scopes: ['wallet:read'] });
      expect(res.status).toBe(422);
      expect(res.body.error.data.ujumbe).toEqual({ code: 'validation_failed', field: 'name' });
    }
    expect(await env.sql("select count(*)::int as n from api_keys where name like 'nul%' or name like 'lone%'")).toEqual([{ n: 0 }]);
  });

  it(`a batch carries at most ${MAX_BATCH} calls: more is refused whole, before any runs`, async () => {
    const { agent } = await session(org.members.owner!);
    const within = await agent.get(`/trpc/${Array(MAX_BATCH).fill('wallet.get').join(',')}?batch=1`);
    expect(within.status).toBe(200);
    expect(within.body).toHaveLength(MAX_BATCH);
    const over = await agent.get(`/trpc/${Array(250).fill('wallet.ledger').join(',')}?batch=1`);
    expect(over.status).toBe(400);
    expect(over.text.length).toBeLessThan(2000);
  });
});

describe('tRPC auth', () => {
  it('auth.signIn sets the session cookies; auth.me answers; auth.signOut ends the session and clears them', async () => {
    const client = await signedIn(app, org.members.owner!);
    expect(client.csrf).toMatch(/\S{20,}/);
    expect(ok(await client.query('auth.me')).member.email).toBe(org.members.owner!.email);
    const out = await client.mutate('auth.signOut');
    expect(ok(out)).toEqual({ signed_out: true });
    expect(String(out.headers['set-cookie'])).toMatch(/ujm_session=;/);
    refused(await client.query('auth.me'), 401, 'unauthorized');
    const ended = await env.sql<{ n: number }>('select count(*)::int as n from sessions where member_id = ? and ended_at is not null', [org.members.owner!.id]);
    expect(ended[0]!.n).toBeGreaterThan(0);
  });

  it('auth.signIn with a wrong password is UNAUTHORIZED and sets no cookie', async () => {
    const res = await anonymous(app).mutate('auth.signIn', { email: org.members.owner!.email, password: 'not the password at all' });
    refused(res, 401, 'unauthorized');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('auth.signOut needs the CSRF token', async () => {
    const client = await signedIn(app, org.members.owner!);
    const res = await client.agent.post('/trpc/auth.signOut').set('Content-Type', 'application/json');
    expect(res.status).toBe(403);
    expect(res.body.error.data.ujumbe).toMatchObject({ code: 'forbidden', field: 'X-CSRF-Token' });
    ok(await client.query('auth.me'));
  });
});

describe('tRPC queries over POST', () => {
  it('a query may be sent as POST (a long input does not fit in a URL) and needs no CSRF token; a mutation still does', async () => {
    const client = await signedIn(app, org.members.owner!);
    const body = '😀'.repeat(1600);
    const res = await client.agent.post('/trpc/messages.preview').set('Content-Type', 'application/json').send({ body, traffic_class: 'transactional' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.data).toMatchObject({ characters: 1600, encoding: 'ucs2', refusal: { code: 'too_many_segments' } });
    const mutation = await client.agent.post('/trpc/apiKeys.create').set('Content-Type', 'application/json').send({ name: 'no csrf', mode: 'test', scopes: ['wallet:read'] });
    expect(mutation.status).toBe(403);
  });
});

describe('tRPC rate limits', () => {
  it('a member over the organization\'s limit is TOO_MANY_REQUESTS rate_limited with Retry-After', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 2 } });
    const limitedApp = createServiceApp(limited.deps, { surfaces: [mountTrpc] });
    const o = await createOrg(limited, {});
    const client = await signedIn(limitedApp, o.members.owner!);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await client.query('wallet.get'));
    const over = answers.find((a) => a.status === 429);
    expect(over, 'a call over the limit').toBeDefined();
    expect(over!.error).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
    expect(Number(over!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('a batch is one request: its calls share one reading of the session and one token', async () => {
    const limited = await setupTestEnv({ rateLimits: { liveRps: 2 } });
    const limitedApp = createServiceApp(limited.deps, { surfaces: [mountTrpc] });
    const o = await createOrg(limited, {});
    const client = await signedIn(limitedApp, o.members.owner!);
    const batch = await client.agent.get(`/trpc/${Array(6).fill('wallet.get').join(',')}?batch=1`);
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.map((r: { result?: unknown }) => Boolean(r.result))).toEqual(Array(6).fill(true));
  });
});
