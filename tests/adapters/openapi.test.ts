// The OpenAPI document: public, 3.1, generated from the routes, every operation with x-svc-scopes and x-svc-permission.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestEnv, type TestEnv } from '../support/app.ts';
import { openApiPath } from '../../rest-facade/openapi.ts';
import { restRouter } from '../../rest-facade/app.ts';

let env: TestEnv;
let doc: { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

beforeAll(async () => {
  env = await setupTestEnv();
  doc = (await request(env.app).get('/v1/openapi.json')).body;
});

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** The routes of the REST router (the service's app mounts it beside the other surfaces). */
function registeredRoutes(): { path: string; method: string }[] {
  const stack = (restRouter(env.deps) as unknown as { stack: Layer[] }).stack;
  return stack.flatMap((l) =>
    l.route ? Object.keys(l.route.methods).filter((m) => m !== '_all').map((method) => ({ path: openApiPath(l.route!.path), method })) : [],
  );
}

describe('GET /v1/openapi.json', () => {
  it('is public OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every registered route, and nothing that is not registered', () => {
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(15);
    for (const { path, method } of registered) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual(registered.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('every operation declares x-svc-scopes (array) and x-svc-permission', () => {
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        expect(Array.isArray(op['x-svc-scopes'])).toBe(true);
        expect('x-svc-permission' in op).toBe(true);
      }
    }
    expect(doc.paths['/v1/wallet']!['get']).toMatchObject({ 'x-svc-scopes': ['wallet:read'], 'x-svc-permission': 'wallet.read' });
    expect(doc.paths['/v1/api-keys']!['post']).toMatchObject({ 'x-svc-scopes': [], 'x-svc-permission': 'api_keys.manage' });
  });

  it('marks the operations beyond the specification x-svc-extension, and only those', () => {
    const marked = Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).filter(([, op]) => op['x-svc-extension'] === true).map(([m]) => `${m} ${p}`));
    expect(marked.sort()).toEqual(
      [
        'get /v1/groups/{id}/member-candidates',
        'get /v1/wallet/payment-details',
        'get /v1/wallet/statements/{month}.csv',
        'get /v1/wallet/top-ups/{id}',
        'post /v1/campaigns/{id}/copy',
        'post /v1/groups/{id}/members/add-many',
        'post /v1/messages/{id}/cancel',
        'post /v1/payments/mobile-money/callback',
      ].sort(),
    );
  });

  it('request bodies come from the validating zod schemas (strict: no additional properties)', () => {
    const body = (doc.paths['/v1/api-keys']!['post'] as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } })
      .requestBody.content['application/json']!.schema;
    expect(body).toMatchObject({ type: 'object', additionalProperties: false, required: expect.arrayContaining(['name', 'mode', 'scopes']) });
    const params = doc.paths['/v1/api-keys/{id}/rotate']!['post']!['parameters'] as { name: string; in: string }[];
    expect(params).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  });
});
