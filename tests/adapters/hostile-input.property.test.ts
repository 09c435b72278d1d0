// Text no field accepts (NUL and other C0 controls, DEL, lone surrogates, malformed percent-encoding)
// in every field of every operation of the OpenAPI document: never a 500, always the failure envelope naming
// the field, and nothing written. Then JSON nested around and past the depth bound, and wide, in every body,
// over tRPC and in GraphQL variables. HOSTILE_RUNS sets the cases per field (`npm run test:hostile`: full size);
// HOSTILE_SEED replays the seed a failure printed.
import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import type { Response, Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildOpenApi } from '../../rest-facade/openapi.ts';
import { allRoutes } from '../../rest-facade/routes/index.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { hostileText, hostileUrlValue } from '../support/hostile-input.ts';
import { arraySlots, bodyWith, fieldOf, locationsOf, operationsOf, validValue, type Caller, type Location } from '../support/openapi-walk.ts';
import { describeNesting, nesting, nestingText, type Nesting } from '../support/nesting.ts';
import { MAX_JSON_DEPTH } from '../../core/domain/json-depth.ts';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';

// Small enough for CI (well under a minute on two cores); the full run is `npm run test:hostile`.
const RUNS = Number(process.env.HOSTILE_RUNS ?? 10);
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_122);

const operations = operationsOf(buildOpenApi(allRoutes) as never);
const walks = operations.map((op) => ({ op, ...locationsOf(op) }));
const locations = walks.flatMap((w) => w.found);

/** A query value is tried twice: percent-encoded controls, and escapes that do not decode (a path takes both). */
type Variant = 'text' | 'controls' | 'undecodable' | 'any';

interface Case {
  caller: Caller;
  indexes: number[];
  /** The hostile JSON string (body field or key) or the value as the URL carries it (query, path). */
  text?: string;
  wire?: string;
}

function valueOf(location: Location, variant: Variant): fc.Arbitrary<{ text: string } | { wire: string }> {
  if (variant === 'text') return hostileText(location).map((text) => ({ text }));
  const wire = variant === 'any' ? fc.oneof(hostileUrlValue(location, 'controls'), hostileUrlValue(location, 'undecodable')) : hostileUrlValue(location, variant);
  return wire.map((w) => ({ wire: w }));
}

function caseOf(location: Location, variant: Variant): fc.Arbitrary<Case> {
  const slots = arraySlots(location).map((s) => fc.nat({ max: Math.min(2, (s.maxItems ?? 3) - 1) }));
  return fc
    .record({ caller: fc.constantFrom(...location.op.callers), indexes: fc.tuple(...slots), value: valueOf(location, variant) })
    .map(({ caller, indexes, value }) => ({ caller, indexes, ...value }));
}

let env: TestEnv;
let org: OrgFixture;
let owner: { agent: ReturnType<typeof request.agent>; csrf: string };
let server: Server;
let sent = 0;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 1_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  // One listening server for the thousands of requests (supertest would start one per request).
  server = createServer(env.app).listen(0);
  const agent = request.agent(server);
  const { email, password } = org.members.owner!;
  const signedIn = await agent.post('/v1/auth/sign-in').send({ email, password });
  owner = { agent, csrf: String(signedIn.body.data.csrf_token) };
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

function urlOf(location: Location, c: Case): string {
  const { op } = location;
  const hostile = (name: string, kind: string) => location.kind === kind && location.segments[0] === name;
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (hostile(name, 'path') ? c.wire! : String(validValue({ format: 'uuid' }))));
  const query = op.params
    .filter((p) => p.in === 'query' && (hostile(p.name, 'query') || p.required))
    .map((p) => `${p.name}=${hostile(p.name, 'query') ? c.wire! : encodeURIComponent(String(validValue(p.schema, p.name)))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

function bodyOf(location: Location, c: Case): unknown {
  const schema = location.op.body!;
  if (location.kind === 'body') return bodyWith(schema, location.segments, c.indexes, () => c.text);
  if (location.kind === 'key') return bodyWith(schema, location.segments, c.indexes, (s) => ({ ...(validValue(s) as object), [c.text!]: 'x' }));
  return validValue(schema);
}

/** The request as the caller makes it, without its body. */
function start(location: Location, c: Case): Test {
  const { op } = location;
  const url = urlOf(location, c);
  const method = op.method as 'get' | 'post' | 'patch' | 'delete';
  let req: Test;
  if (c.caller === 'owner') req = owner.agent[method](url).set('X-CSRF-Token', owner.csrf);
  else if (c.caller === 'anonymous') req = request(server)[method](url);
  else req = request(server)[method](url).set(bearer(org.keys[c.caller]!.secret));
  if (op.idempotency) req = req.set('X-Idempotency-Key', `hostile-${++sent}`);
  return req;
}

function send(location: Location, c: Case): Test {
  const { op } = location;
  const req = start(location, c);
  if (op.rawBody) return req.set('Content-Type', op.rawBody).send('phone\n+255754000123\n');
  return op.body ? req.send(bodyOf(location, c) as object) : req;
}

/** What is wrong with the answer, or null. */
function problemWith(location: Location, c: Case, res: Response): string | null {
  if (res.status >= 500) return 'a server error';
  if (!/^application\/json/.test(String(res.headers['content-type']))) return 'an answer that is not JSON';
  const { success, error, ...rest } = res.body ?? {};
  const extra = Object.keys(error ?? {}).filter((k) => !['code', 'message', 'field', 'details'].includes(k));
  const optional = (value: unknown, type: string) => value === undefined || typeof value === type;
  const envelope = success === false && typeof error?.code === 'string' && typeof error?.message === 'string' && optional(error?.field, 'string') && optional(error?.details, 'object');
  if (!envelope || Object.keys(rest).length || extra.length) return 'an answer that is not the failure envelope';
  if (location.kind === 'path') return (res.status === 404 && error.code === 'not_found') || (res.status === 400 && error.code === 'invalid_request') ? null : 'not 404 not_found';
  const field = fieldOf(location, c.indexes);
  return res.status === 422 && error.code === 'validation_failed' && error.field === field ? null : `not 422 validation_failed naming ${field}`;
}

function describeCase(location: Location, c: Case): string {
  const { op } = location;
  const what = c.text !== undefined ? `the string ${JSON.stringify(c.text)}` : `${c.wire!} in the URL`;
  return `${op.operationId} (${op.method.toUpperCase()} ${op.path}) ${location.kind} ${fieldOf(location, c.indexes)} as ${c.caller}: ${what}`;
}

async function check(location: Location, c: Case): Promise<void> {
  const res = await send(location, c);
  const problem = problemWith(location, c, res);
  if (problem) throw new Error(`${describeCase(location, c)}: ${problem}; the answer was ${res.status} ${res.text.slice(0, 400)}`);
}

/** Replays each case between snapshots to name the first that wrote (batches hide which one did). */
async function firstWriter(location: Location, cases: Case[]): Promise<string> {
  for (const c of cases) {
    const before = await snapshot(env);
    await send(location, c);
    const changed = changedTables(before, await snapshot(env));
    if (changed.length) return `${describeCase(location, c)} wrote to ${changed.join(', ')}`;
  }
  // A replay can be refused where the first was not (the name is taken now): list what was sent.
  return `no single case wrote again when replayed; the cases were: ${cases.map((c) => describeCase(location, c)).join('; ')}`;
}

const variants = (l: Location): Variant[] => (l.kind === 'query' ? ['controls', 'undecodable'] : l.kind === 'path' ? ['any'] : ['text']);
const titled = locations.flatMap((l) =>
  variants(l).map((v) => [`${l.op.operationId}: ${l.kind} ${l.segments.join('.') || '(body)'}${v === 'undecodable' ? ', percent-encoding that does not decode' : ''}`, l, v] as const),
);

describe(`hostile input in every field of every operation (${RUNS} cases each, seed ${SEED})`, () => {
  it.each(titled)('%s', { timeout: Math.max(30_000, RUNS * 1_000) }, async (_title, location, variant) => {
    const before = await snapshot(env);
    const cases: Case[] = [];
    await fc.assert(
      fc.asyncProperty(caseOf(location, variant), async (c) => {
        cases.push(c);
        await check(location, c);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const changed = changedTables(before, await snapshot(env));
    if (changed.length) throw new Error(`nothing may be written, but ${changed.join(', ')} changed: ${await firstWriter(location, cases)}`);
  });
});

describe('the walk', () => {
  it('leaves no operation with a JSON body or parameters without a location, and no schema shape unread', () => {
    const missed = walks.filter((w) => (w.op.body || w.op.params.length) && w.found.length === 0).map((w) => w.op.operationId);
    expect(missed).toEqual([]);
    expect(walks.flatMap((w) => w.unknown)).toEqual([]);
    for (const w of walks) {
      expect(w.found.filter((l) => l.kind === 'path' || l.kind === 'query').length, w.op.operationId).toBe(w.op.params.length);
      if (w.op.body) expect(w.found.some((l) => l.kind === 'key' && l.segments.length === 0), w.op.operationId).toBe(true);
    }
  });

  // The filling must pass validation, or a refusal could name a field other than the hostile one.
  it.each(locations.filter((l) => l.kind === 'body'))('the valid filling around $op.operationId $segments passes validation', (location) => {
    const schema = allRoutes.find((r) => r.operationId === location.op.operationId)!.body as z.ZodType;
    const indexes = arraySlots(location).map((slot) => Math.min(2, (slot.maxItems ?? 3) - 1));
    // An array's items are named by the array, as validValue names them.
    const valid = bodyWith(location.op.body!, location.segments, indexes, (s, ordinal) => validValue(s, location.segments.filter((seg) => seg !== '[]').at(-1), ordinal));
    const parsed = schema.safeParse(valid);
    expect(parsed.success, `${JSON.stringify(valid)}: ${parsed.error?.message}`).toBe(true);
  });
});

// Depth and width: JSON nested past MAX_JSON_DEPTH is refused before anything walks it (422 validation_failed), at
// the bound it is read as usual (the field is refused for what it is), and wide is never deep. Never a 500.
const TOO_DEEP = new RegExp(`nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
const PLACEHOLDER = '@@nested@@';
/** A body's JSON text with the nesting's text at the placeholder. */
const withNested = (json: unknown, n: Nesting) => JSON.stringify(json).replace(JSON.stringify(PLACEHOLDER), nestingText(n));
/** What a body of up to 1 MiB may take, and a URL (16 KB of headers in all). */
const IN_BODY = 200_000;
const IN_URL = 8_000;

/** The body parser's refusal on every surface: the REST envelope, field body. */
function notRefusedAsDeep(res: Response): string | null {
  if (res.status !== 422) return `${res.status}, not 422`;
  const { error } = res.body ?? {};
  return error?.code === 'validation_failed' && error?.field === 'body' && TOO_DEEP.test(error?.message) ? null : 'not validation_failed (field body) for depth';
}

async function checkDepth(what: string, n: Nesting, send: () => Promise<Response>, expected: (res: Response) => string | null): Promise<void> {
  const res = await send();
  const problem = res.status >= 500 ? 'a server error' : expected(res);
  if (problem) throw new Error(`${what} with ${describeNesting(n)}: ${problem}; the answer was ${res.status} ${res.text.slice(0, 400)}`);
}

describe(`JSON depth and width in every operation's body (${RUNS} cases each, bound ${MAX_JSON_DEPTH})`, () => {
  const bodyOps = walks.filter((w) => w.op.body && !w.op.rawBody && w.found.some((l) => l.kind === 'body'));
  it.each(bodyOps.map((w) => [w.op.operationId, w] as const))('%s', { timeout: Math.max(30_000, RUNS * 1_000) }, async (_title, walk) => {
    const fields = walk.found.filter((l) => l.kind === 'body');
    const before = await snapshot(env);
    const place = fc.constantFrom(...fields).chain((location) =>
      fc.record({
        location: fc.constant(location),
        c: caseOf(location, 'text'),
        // The body object and the containers on the way to the field are levels too.
        nest: nesting({ around: location.segments.length, maxChars: IN_BODY }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(place, async ({ location, c, nest }) => {
        const json = withNested(bodyWith(location.op.body!, location.segments, c.indexes, () => PLACEHOLDER), nest);
        const total = location.segments.length + nest.depth;
        const field = fieldOf(location, c.indexes);
        const what = `${location.op.operationId} ${field} as ${c.caller}`;
        await checkDepth(what, nest, () => start(location, c).set('Content-Type', 'application/json').send(json), (res) => {
          if (total > MAX_JSON_DEPTH) return notRefusedAsDeep(res);
          const { error } = res.body ?? {};
          return res.status === 422 && error?.code === 'validation_failed' && error?.field === field && !TOO_DEEP.test(error?.message) ? null : `not validation_failed naming ${field}`;
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const changed = changedTables(before, await snapshot(env));
    expect(changed, 'nothing may be written').toEqual([]);
  });
});

describe(`JSON depth and width over tRPC and in GraphQL variables (${RUNS} cases each)`, () => {
  let full: Server;
  let member: { agent: ReturnType<typeof request.agent>; csrf: string };
  beforeAll(async () => {
    full = createServer(createServiceApp(env.deps, { surfaces: [mountTrpc, mountGraphql] })).listen(0);
    const agent = request.agent(full);
    const { email, password } = org.members.owner!;
    member = { agent, csrf: String((await agent.post('/v1/auth/sign-in').send({ email, password })).body.data.csrf_token) };
  });
  afterAll(() => new Promise<void>((done) => full.close(() => done())));

  const procedures = [
    { path: 'auth.signIn', kind: 'mutation', input: { email: PLACEHOLDER, password: 'x' }, field: 'email' },
    { path: 'contacts.create', kind: 'mutation', input: { phone: PLACEHOLDER }, field: 'phone' },
    { path: 'contacts.list', kind: 'query', input: { search: PLACEHOLDER }, field: 'search' },
  ] as const;

  it.each(procedures.map((p) => [p.path, p] as const))('tRPC %s, alone and batched', { timeout: Math.max(30_000, RUNS * 1_000) }, async (_title, proc) => {
    const before = await snapshot(env);
    // A query's input travels in the URL (parsed by tRPC, measured as a value); a mutation's in the body.
    const inUrl = proc.kind === 'query';
    const cases = fc.boolean().chain((batch) =>
      fc.record({ batch: fc.constant(batch), nest: nesting({ around: 1 + (batch && !inUrl ? 1 : 0), maxChars: inUrl ? IN_URL : IN_BODY }) }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ batch, nest }) => {
        const input = withNested(batch ? { 0: proc.input } : proc.input, nest);
        const path = `/trpc/${proc.path}${batch ? '?batch=1' : ''}`;
        const total = 1 + nest.depth + (batch && !inUrl ? 1 : 0);
        const send = () =>
          inUrl
            ? member.agent.get(`${path}${batch ? '&' : '?'}input=${input}`)
            : member.agent.post(path).set('X-CSRF-Token', member.csrf).set('Content-Type', 'application/json').send(input);
        await checkDepth(`tRPC ${proc.path}${batch ? ' batched' : ''}`, nest, send, (res) => {
          if (total > MAX_JSON_DEPTH && !inUrl) return notRefusedAsDeep(res);
          const call = batch ? res.body?.[0] : res.body;
          const ujumbe = call?.error?.data?.ujumbe;
          if (total > MAX_JSON_DEPTH) {
            return call?.error?.data?.httpStatus === 422 && ujumbe?.code === 'validation_failed' && ujumbe?.field === 'input' && TOO_DEEP.test(call.error.message) ? null : 'not 422 validation_failed naming input';
          }
          return ujumbe?.code === 'validation_failed' && ujumbe?.field === proc.field && !TOO_DEEP.test(call.error.message) ? null : `not validation_failed naming ${proc.field}`;
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(changedTables(before, await snapshot(env)), 'nothing may be written').toEqual([]);
  });

  const query = 'query ($id: ID!) { serviceStatus { smsRoute } campaign(id: $id) { id } }';
  it.each([['a JSON body', false] as const, ['a GET query parameter', true] as const])('GraphQL variables in %s', { timeout: Math.max(30_000, RUNS * 1_000) }, async (_title, inUrl) => {
    const live = bearer(org.keys.live!.secret);
    await fc.assert(
      fc.asyncProperty(nesting({ around: inUrl ? 1 : 2, maxChars: inUrl ? IN_URL : IN_BODY }), async (nest) => {
        const variables = { id: 'abc', extra: PLACEHOLDER };
        const send = () =>
          inUrl
            ? request(full).get(`/graphql?query=${encodeURIComponent(query)}&variables=${withNested(variables, nest)}`).set(live)
            : request(full).post('/graphql').set(live).set('Content-Type', 'application/json').send(withNested({ query, variables }, nest));
        // The variables object is a level, and so is a JSON body around it.
        const total = (inUrl ? 1 : 2) + nest.depth;
        await checkDepth(`GraphQL variables in ${inUrl ? 'the URL' : 'the body'}`, nest, send, (res) => {
          if (total > MAX_JSON_DEPTH && !inUrl) return notRefusedAsDeep(res);
          if (total > MAX_JSON_DEPTH) {
            const [error] = res.body?.errors ?? [];
            return res.status === 422 && res.body.data === undefined && error?.extensions?.code === 'validation_failed' && error?.extensions?.field === 'variables' ? null : 'not 422 validation_failed naming variables';
          }
          return res.status === 200 && res.body?.data?.serviceStatus?.smsRoute ? null : 'not answered';
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
