// JSON nested deeper than MAX_JSON_DEPTH is refused before anything walks it, on REST, tRPC and GraphQL: the
// probe's 12 KB sign-in body of 6,000 nested arrays was a 500 (a stack overflow in the input layer).
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Response } from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { MAX_JSON_DEPTH } from '../../core/domain/json-depth.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
const unexpected: unknown[] = [];

beforeAll(async () => {
  env = await setupTestEnv();
  const logger = { error: (_m: string, e: unknown) => void unexpected.push(e) };
  app = createServiceApp(env.deps, { logger, surfaces: [mountTrpc, mountGraphql] });
  org = await createOrg(env, { members: { owner: 'owner' } });
});

/** `depth` arrays one inside another around the leaf (JSON text). */
const arrays = (depth: number, leaf = '"x"') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
/** `depth` objects one inside another (JSON text). */
const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const TOO_DEEP = new RegExp(`nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);

const post = (path: string, json: string, headers: Record<string, string> = {}) =>
  request(app).post(path).set(headers).set('Content-Type', 'application/json').send(json);

/** Bytes sent as they are (supertest would serialize a Buffer as JSON; its serializer type says string, a Buffer is written as is). */
const bytes = (path: string, body: Buffer, headers: Record<string, string>) =>
  request(app).post(path).set(headers).serialize((b: Buffer) => b as unknown as string).send(body);

/** The body parser's refusal, the same on every surface: the REST envelope, 422 validation_failed, field body. */
function refusedBody(res: Response): void {
  expect(res.status, res.text.slice(0, 300)).toBe(422);
  expect(res.body).toEqual({ success: false, error: { code: 'validation_failed', field: 'body', message: expect.stringMatching(TOO_DEEP) } });
}

async function member() {
  const agent = request.agent(app);
  const { email, password } = org.members.owner!;
  const res = await agent.post('/v1/auth/sign-in').send({ email, password });
  expect(res.status, res.text).toBe(200);
  return { agent, csrf: String(res.body.data.csrf_token) };
}

describe('REST', () => {
  it('the probe: a 12 KB sign-in body of 6,000 nested arrays is 422 validation_failed, not a 500', async () => {
    const probe = `{"email":${arrays(6000)}}`;
    expect(probe.length).toBeGreaterThan(12_000);
    refusedBody(await post('/v1/auth/sign-in', probe));
  });

  it(`at the bound (${MAX_JSON_DEPTH} levels) the body is read as usual; one more is refused`, async () => {
    // The body object is level 1: the field's value takes the other 31.
    const atBound = await post('/v1/auth/sign-in', `{"email":${arrays(MAX_JSON_DEPTH - 1)},"password":"x"}`);
    expect(atBound.status).toBe(422);
    expect(atBound.body.error).toMatchObject({ code: 'validation_failed', field: 'email' });
    expect(atBound.body.error.message).not.toMatch(TOO_DEEP);
    refusedBody(await post('/v1/auth/sign-in', `{"email":${arrays(MAX_JSON_DEPTH)},"password":"x"}`));
  });

  it('about 100 KB of nesting (arrays, objects, unclosed) is refused on public and keyed operations alike', async () => {
    const bodies = [`{"email":${arrays(50_000)}}`, objects(16_000), '['.repeat(100_000)];
    for (const body of bodies) {
      expect(body.length).toBeGreaterThan(95_000);
      refusedBody(await post('/v1/auth/sign-in', body));
      refusedBody(await post('/v1/contacts', body, bearer(org.keys.live!.secret)));
    }
    // Gzipped: measured as it is read, after inflating.
    const { gzipSync } = await import('node:zlib');
    refusedBody(await bytes('/v1/auth/sign-in', gzipSync(`{"email":${arrays(50_000)}}`), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }));
  });

  it('UTF-16 bodies are measured as decoded; charsets the measure cannot read exactly are refused as not UTF-8', async () => {
    const utf16 = (charset: string) => ({ 'Content-Type': `application/json; charset=${charset}` });
    refusedBody(await bytes('/v1/auth/sign-in', Buffer.from(`{"email":${arrays(40, '"\u5b5b"')}}`, 'utf16le'), utf16('utf-16le')));
    refusedBody(await bytes('/v1/auth/sign-in', Buffer.from(`{"email":${arrays(40)}}`, 'utf16le').swap16(), utf16('utf-16be')));
    // U+5B5B is the bytes of two '[' in UTF-16: text, not nesting.
    const shallow = await bytes('/v1/auth/sign-in', Buffer.from(`{"email":["${'\u5b5b'.repeat(100)}"],"password":"x"}`, 'utf16le'), utf16('utf-16le'));
    expect(shallow.status).toBe(422);
    expect(shallow.body.error).toMatchObject({ code: 'validation_failed', field: 'email' });
    const utf32 = await bytes('/v1/auth/sign-in', Buffer.alloc(8), utf16('utf-32'));
    expect(utf32.status).toBe(400);
    expect(utf32.body.error).toMatchObject({ code: 'invalid_request', field: 'body' });
  });

  it('a body whose Content-Encoding says gzip but does not inflate is 400 invalid_request, not a 500', async () => {
    const bad = await bytes('/v1/auth/sign-in', Buffer.from('{"email":"a@b.tz","password":"x"}'), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', field: 'body' });
  });

  it('wide is not deep: 50,000 siblings in an array, 20,000 in an object, are read as usual', async () => {
    for (const email of [Array.from({ length: 50_000 }, () => [[1]]), Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, { a: [i] }]))]) {
      const wide = await post('/v1/auth/sign-in', JSON.stringify({ email, password: 'x' }));
      expect(wide.status).toBe(422);
      expect(wide.body.error).toMatchObject({ code: 'validation_failed', field: 'email' });
      expect(wide.body.error.message).not.toMatch(TOO_DEEP);
    }
  });
});

describe('tRPC', () => {
  it('the probe on auth.signIn, alone and in a batch: the body parser refuses it for tRPC too', async () => {
    refusedBody(await post('/trpc/auth.signIn', `{"email":${arrays(6000)}}`));
    refusedBody(await post('/trpc/auth.signIn,auth.signIn?batch=1', `{"0":{"email":${arrays(6000)}},"1":{"email":"a@b.example","password":"x"}}`));
    refusedBody(await post('/trpc/auth.signIn', `{"email":${arrays(50_000)}}`));
  });

  it('a query input in the URL is measured after tRPC parsed it: 422 validation_failed naming input', async () => {
    const { agent } = await member();
    const deepInput = (depth: number) => `{"search":${arrays(depth, '1')}}`;
    const refused = await agent.get(`/trpc/contacts.list?input=${deepInput(6000)}`);
    expect(refused.status, refused.text.slice(0, 300)).toBe(422);
    expect(refused.body.error.data.ujumbe).toEqual({ code: 'validation_failed', field: 'input' });
    expect(refused.body.error.message).toMatch(TOO_DEEP);

    const batch = await agent.get(`/trpc/contacts.list,auth.me?batch=1&input={"0":${deepInput(6000)}}`);
    expect(batch.status).toBeLessThan(500);
    expect(batch.body[0].error.data.ujumbe).toEqual({ code: 'validation_failed', field: 'input' });
    expect(batch.body[1].result.data.member.email).toBe(org.members.owner!.email);

    // The input object is level 1: `search` may take 31 more and is read as usual (zod names it).
    const atBound = await agent.get(`/trpc/contacts.list?input=${deepInput(MAX_JSON_DEPTH - 1)}`);
    expect(atBound.body.error.data.ujumbe).toMatchObject({ code: 'validation_failed', field: 'search' });
    const over = await agent.get(`/trpc/contacts.list?input=${deepInput(MAX_JSON_DEPTH)}`);
    expect(over.status).toBe(422);
    expect(over.body.error.data.ujumbe).toEqual({ code: 'validation_failed', field: 'input' });
  });
});

describe('GraphQL variables', () => {
  const query = 'query ($id: ID!) { serviceStatus { smsRoute } campaign(id: $id) { id } }';
  const live = () => bearer(org.keys.live!.secret);

  /** Variables yoga parsed itself (a GET's query parameter, a form): a GraphQL error, 422, before anything ran. */
  function refusedVariables(res: Response): void {
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions).toEqual({ code: 'validation_failed', field: 'variables' });
    expect(res.body.errors[0].message).toMatch(TOO_DEEP);
  }

  it('the probe in a JSON body: refused by the body parser', async () => {
    refusedBody(await post('/graphql', `{"query":${JSON.stringify(query)},"variables":{"id":${arrays(6000)}}}`, live()));
    refusedBody(await post('/graphql', `{"query":${JSON.stringify(query)},"variables":{"id":${arrays(50_000)}}}`, live()));
  });

  it('in a GET query parameter and in a form: refused before any resolver', async () => {
    const variables = (depth: number) => `{"id":${arrays(depth)}}`;
    refusedVariables(await request(app).get(`/graphql?query=${encodeURIComponent(query)}&variables=${variables(6000)}`).set(live()));
    const form = `query=${encodeURIComponent(query)}&variables=${encodeURIComponent(variables(50_000))}`;
    refusedVariables(await request(app).post('/graphql').set(live()).set('Content-Type', 'application/x-www-form-urlencoded').send(form));
  });

  it(`variables at the bound (${MAX_JSON_DEPTH} levels) are read as usual; one more is refused`, async () => {
    const ask = (depth: number) => request(app).get(`/graphql?query=${encodeURIComponent(query)}&variables={"id":"abc","extra":${arrays(depth - 1)}}`).set(live());
    const atBound = await ask(MAX_JSON_DEPTH);
    expect(atBound.status).toBe(200);
    expect(atBound.body.data.serviceStatus.smsRoute).toBe('gsm0338');
    refusedVariables(await ask(MAX_JSON_DEPTH + 1));
  });
});

describe('nothing unexpected', () => {
  it('logged no unexpected error', () => {
    expect(unexpected).toEqual([]);
  });
});
