// What the dashboard's GraphQL explorer needs of /graphql: a browser that opens the address is pointed to the
// explorer, API clients get GraphQL's answers as before, and in production signed-in members (only) introspect.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
let production: ReturnType<typeof createServiceApp>;

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const INTROSPECTION = '{ __schema { queryType { name description } } }';

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  production = createServiceApp({ ...env.deps, config: { ...env.deps.config, production: true } }, { surfaces: [mountGraphql] });
  org = await createOrg(env, { members: { analyst: 'analyst' }, keys: { live: { mode: 'live' } } });
});

describe('GET /graphql', () => {
  it('from a browser, without a query: a short page pointing to the dashboard’s explorer, within the security headers', async () => {
    const res = await request(app).get('/graphql').set('Accept', BROWSER_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('href="/#/explorer"');
    expect(res.text).not.toMatch(/<script|\sstyle=/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('to API clients answers as GraphQL always did: no query is an error in JSON, a query is answered', async () => {
    // GraphQL over HTTP: 200 for the older JSON type (and for anything), 400 for the newer one: yoga's answers as before.
    const statuses = { 'application/json': 200, '*/*': 200, 'application/graphql-response+json': 400 };
    for (const [accept, status] of Object.entries(statuses)) {
      const res = await request(app).get('/graphql').set('Accept', accept).set(bearer(org.keys.live!.secret));
      expect(res.status, accept).toBe(status);
      expect(res.headers['content-type'], accept).toMatch(/json/);
      expect(res.body.errors[0].message, accept).toBe('Must provide query string.');
    }
    const bare = await request(app).get('/graphql');
    expect(bare.body.errors[0].message).toBe('Must provide query string.');
    // A browser that sends a query gets its answer, not the pointer.
    const asked = await request(app).get('/graphql').query({ query: '{ wallet { currency } }' }).set('Accept', BROWSER_ACCEPT).set(bearer(org.keys.live!.secret));
    expect(asked.text).not.toContain('/#/explorer');
    expect(JSON.parse(asked.text).data.wallet.currency).toBe('TZS');
  });
});

describe('introspection in production', () => {
  it('answers a signed-in member, whose explorer shows the schema’s docs', async () => {
    const member = request.agent(production);
    const signIn = await member.post('/v1/auth/sign-in').send({ email: org.members.analyst!.email, password: org.members.analyst!.password });
    expect(signIn.status).toBe(200);
    const res = await member.post('/graphql').send({ query: INTROSPECTION });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.queryType.name).toBe('Query');
    expect(res.body.data.__schema.queryType.description).toMatch(/cents/);
  });

  it('stays off for keys, even with a session cookie beside the key, and for a cookie that is no session', async () => {
    const member = request.agent(production);
    await member.post('/v1/auth/sign-in').send({ email: org.members.analyst!.email, password: org.members.analyst!.password });
    const withKey = await member.post('/graphql').set(bearer(org.keys.live!.secret)).send({ query: INTROSPECTION });
    expect(withKey.body.data).toBeUndefined();
    expect(withKey.body.errors[0].message).toMatch(/introspection has been disabled/);

    const forged = await request(production).post('/graphql').set('Cookie', 'ujm_session=not-a-session').send({ query: INTROSPECTION });
    expect(forged.body.data).toBeUndefined();
    expect(forged.body.errors[0].extensions.code).toBe('unauthorized');

    const anonymous = await request(production).post('/graphql').send({ query: INTROSPECTION });
    expect(anonymous.body.data).toBeUndefined();
    expect(anonymous.body.errors[0].message).toMatch(/introspection has been disabled/);
  });
});
