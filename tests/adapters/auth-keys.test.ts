// API-key authentication over HTTP: 401 for missing, malformed, unknown, expired, revoked keys; scopes; modes.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    members: { owner: 'owner', developer: 'developer', analyst: 'analyst' },
    keys: { test: { mode: 'test' }, live: { mode: 'live' }, read: { mode: 'live', scopes: ['messages:read'] } },
  });
});

const UNAUTHORIZED = { success: false, error: { code: 'unauthorized', message: expect.any(String) } };

describe('API key authentication', () => {
  it.each([
    ['no Authorization header', undefined],
    ['Basic credentials', 'Basic dXNlcjpwYXNzd29yZA=='],
    ['Bearer without a key', 'Bearer'],
    ['a key without Bearer', 'ujm_live_0123456789abcdefghijABCDEFGHIJ01'],
    ['an unknown key of the right shape', 'Bearer ujm_live_0123456789abcdefghijABCDEFGHIJ01'],
    ['a key with a wrong prefix', 'Bearer ujm_prod_0123456789abcdefghijABCDEFGHIJ01'],
  ])('%s gets 401 unauthorized', async (_label, auth) => {
    const req = request(env.app).get('/v1/wallet');
    const res = auth === undefined ? await req : await req.set('Authorization', auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('a real key with its mode swapped, truncated or extended gets 401', async () => {
    const live = org.keys.live!.secret;
    for (const v of [live.replace('_live_', '_test_'), live.slice(0, -1), `${live}x`]) {
      const res = await request(env.app).get('/v1/wallet').set(bearer(v));
      expect(res.status).toBe(401);
    }
    expect((await request(env.app).get('/v1/wallet').set(bearer(live))).status).toBe(200);
  });

  it('an expired key gets 401', async () => {
    await env.sql("update api_keys set expires_at = '2020-01-01' where id = ?", [org.keys.read!.id]);
    try {
      const res = await request(env.app).get('/v1/service-status').set(bearer(org.keys.read!.secret));
      expect(res.status).toBe(401);
    } finally {
      await env.sql("update api_keys set expires_at = '2100-01-01' where id = ?", [org.keys.read!.id]);
    }
  });

  it('a key without the scope gets 403 insufficient_scope', async () => {
    for (const p of ['/v1/wallet', '/v1/wallet/ledger', '/v1/sending-window', '/v1/sender-ids']) {
      const res = await request(env.app).get(p).set(bearer(org.keys.read!.secret));
      expect(res.status, p).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
    }
  });

  it('any key reaches the service status, which reports the route, live dispatch and time', async () => {
    const res = await request(env.app).get('/v1/service-status').set(bearer(org.keys.read!.secret));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { sms_route: 'gsm0338', live_dispatch: false, time: '2026-11-22T09:00:00.000Z' } });
  });

  it('keys never reach members-only operations: 403 insufficient_scope whatever their scopes', async () => {
    for (const key of [org.keys.live!, org.keys.test!]) {
      for (const p of ['/v1/api-keys', '/v1/members', '/v1/audit-events', '/v1/auth/me']) {
        const res = await request(env.app).get(p).set(bearer(key.secret));
        expect(res.status, p).toBe(403);
        expect(res.body.error.code).toBe('insufficient_scope');
      }
    }
  });

  it('a live key of an organization that is no longer verified gets 403 organization_not_verified; a test key still works', async () => {
    const other = await createOrg(env, { verified: true });
    await env.sql('update organizations set verified = false where id = ?', [other.id]);
    const live = await request(env.app).get('/v1/service-status').set(bearer(other.keys.live!.secret));
    expect(live.status).toBe(403);
    expect(live.body.error.code).toBe('organization_not_verified');
    const test = await request(env.app).get('/v1/service-status').set(bearer(other.keys.test!.secret));
    expect(test.status).toBe(200);
  });

  it('a key caller is judged by its key alone: a session cookie beside it is ignored', async () => {
    const { agent } = await signInAs(env, org.members.owner!);
    const res = await agent.get('/v1/api-keys').set(bearer(org.keys.live!.secret));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
  });
});
