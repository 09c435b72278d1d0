// The cookies' exact Set-Cookie lines, over REST and tRPC alike: attributes, their order, and an Expires that
// agrees with Max-Age on the real clock; and how a Cookie header is read (the first of a name wins).
import request from 'supertest';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { trpcApp } from '../support/trpc.ts';

let env: TestEnv;
let secureEnv: TestEnv;
let app: Express;
let org: OrgFixture;
let secureOrg: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  secureEnv = await setupTestEnv({ secureCookies: true });
  app = trpcApp(env);
  org = await createOrg(env);
  secureOrg = await createOrg(secureEnv);
});

const EPOCH = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** A Set-Cookie line with its value and its Expires date replaced, after checking the date against Max-Age. */
function shape(line: string): string {
  const maxAge = /; Max-Age=(\d+)/.exec(line)?.[1];
  const expires = /; Expires=([^;]+)/.exec(line)?.[1];
  if (maxAge !== undefined && expires !== undefined) {
    expect(Math.abs(Date.parse(expires) - (Date.now() + Number(maxAge) * 1000))).toBeLessThan(120_000);
  }
  return line.replace(/^(\w+)=[^;]+/, '$1=<value>').replace(/; Expires=(?!Thu, 01 Jan 1970)[^;]+/, '; Expires=<max-age later>');
}

const setCookies = (res: request.Response) => ((res.headers['set-cookie'] ?? []) as unknown as string[]).map(shape).sort();

const SIGNED_IN = (secure: string) => [
  `ujm_csrf=<value>; Max-Age=86400; Path=/; Expires=<max-age later>${secure}; SameSite=Lax`,
  `ujm_device=<value>; Max-Age=31536000; Path=/; Expires=<max-age later>; HttpOnly${secure}; SameSite=Strict`,
  `ujm_session=<value>; Max-Age=86400; Path=/; Expires=<max-age later>; HttpOnly${secure}; SameSite=Lax`,
];
const SIGNED_OUT = [`ujm_csrf=; Path=/; Expires=${EPOCH}; SameSite=Lax`, `ujm_session=; Path=/; Expires=${EPOCH}; HttpOnly; SameSite=Lax`];

describe('Set-Cookie', () => {
  it('REST sign-in and sign-out', async () => {
    const agent = request.agent(env.app);
    const signIn = await agent.post('/v1/auth/sign-in').send({ email: org.members.owner!.email, password: org.members.owner!.password });
    expect(setCookies(signIn)).toEqual(SIGNED_IN(''));
    const signOut = await agent.post('/v1/auth/sign-out').set('X-CSRF-Token', signIn.body.data.csrf_token).send({});
    expect(setCookies(signOut)).toEqual(SIGNED_OUT);
  });

  it('tRPC sign-in and sign-out', async () => {
    const agent = request.agent(app);
    const signIn = await agent.post('/trpc/auth.signIn').send({ email: org.members.owner!.email, password: org.members.owner!.password });
    expect(setCookies(signIn)).toEqual(SIGNED_IN(''));
    const signOut = await agent.post('/trpc/auth.signOut').set('X-CSRF-Token', signIn.body.result.data.csrf_token).set('Content-Type', 'application/json');
    expect(setCookies(signOut)).toEqual(SIGNED_OUT);
  });

  it('Secure where the service says so', async () => {
    const signIn = await request(secureEnv.app).post('/v1/auth/sign-in').send({ email: secureOrg.members.owner!.email, password: secureOrg.members.owner!.password });
    expect(setCookies(signIn)).toEqual(SIGNED_IN('; Secure'));
  });
});

describe('Cookie', () => {
  it('the first cookie of a name wins, percent-encoding is read, and parts without a value are passed over', async () => {
    const signIn = await request(env.app).post('/v1/auth/sign-in').send({ email: org.members.owner!.email, password: org.members.owner!.password });
    const token = (signIn.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('ujm_session='))!.split(';')[0]!.slice('ujm_session='.length);
    const me = (cookie: string) => request(env.app).get('/v1/auth/me').set('Cookie', cookie);
    expect((await me(`junk; ujm_session=${token}; ujm_session=other`)).status).toBe(200);
    expect((await me(`ujm_session=other; ujm_session=${token}`)).status).toBe(401);
    expect((await me(`theme=dark;  ujm_session = ${encodeURIComponent(token).replace(/-/g, '%2D')} `)).status).toBe(200);
  });
});
