// GET /v1/openapi.json: OpenAPI 3.1 generated from the same zod schemas that validate requests.
import { z } from 'zod';
import type { AnyRoute } from './route.ts';
import { ERROR_STATUS } from '../core/transport/error-status.ts';
import { message, webhooksSection } from './openapi-webhooks.ts';

export const OPENAPI_PATH = '/v1/openapi.json';

export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete out['$schema'];
  return out;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const js = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
  }));
}

const errorEnvelope = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        field: { type: 'string' },
        details: { type: 'object' },
      },
    },
  },
};

/** A documented refusal: one response a status, its codes listed (the envelope's code narrowed to them). */
function refusalResponses(codes: readonly string[] = []) {
  const byStatus = new Map<string, string[]>();
  for (const code of codes) {
    const status = String(ERROR_STATUS[code as keyof typeof ERROR_STATUS]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const narrowed = (list: string[]) => ({
    ...errorEnvelope,
    properties: { ...errorEnvelope.properties, error: { ...errorEnvelope.properties.error, properties: { ...errorEnvelope.properties.error.properties, code: { type: 'string', enum: list } } } },
  });
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [status, { description: `Refused: ${list.join(', ')}`, content: { 'application/json': { schema: narrowed(list) } } }]),
  );
}

function operation(r: AnyRoute) {
  const headers = r.idempotency
    ? [
        {
          name: 'X-Idempotency-Key',
          in: 'header',
          required: r.idempotency === 'required',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
        },
      ]
    : [];
  const access = r.access === 'public' ? null : r.access;
  const isPublic = access === null;
  return {
    operationId: r.operationId,
    summary: r.summary,
    tags: [r.tag],
    'x-svc-scopes': access ? [...access.scopes] : [],
    'x-svc-permission': access ? access.permission : null,
    ...(isPublic ? { security: [], 'x-svc-public': true } : {}),
    ...(r.extension ? { 'x-svc-extension': true } : {}),
    ...(r.refusals ? { 'x-svc-refusals': [...r.refusals] } : {}),
    parameters: [...parameters(r.params as z.ZodType | undefined, 'path'), ...parameters(r.query as z.ZodType | undefined, 'query'), ...headers],
    ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body as z.ZodType) } } } } : {}),
    ...(r.rawBody ? { requestBody: { required: true, content: { [r.rawBody]: { schema: { type: 'string' } } } } } : {}),
    responses: {
      [String(r.status ?? 200)]: r.produces
        ? { description: 'The file', content: { [r.produces]: { schema: { type: 'string' } } } }
        : {
            description: 'Success envelope',
            content: { 'application/json': { schema: { type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data: { type: 'object' } } } } },
          },
      ...refusalResponses(r.refusals),
      default: { description: 'Failure envelope', content: { 'application/json': { schema: errorEnvelope } } },
    },
  };
}

export function buildOpenApi(routes: readonly AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {
    [OPENAPI_PATH]: {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document',
        tags: ['meta'],
        security: [],
        'x-svc-public': true,
        'x-svc-scopes': [],
        'x-svc-permission': null,
        responses: { '200': { description: 'OpenAPI 3.1 document' } },
      },
    },
  };
  for (const r of routes) {
    const p = openApiPath(r.path);
    paths[p] = { ...(paths[p] ?? {}), [r.method]: operation(r) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Ujumbe API', version: '1', description: 'Prepaid SMS for businesses in Tanzania.' },
    servers: [{ url: '/' }],
    components: {
      schemas: {
        // GET /v1/messages and /v1/messages/{id} answer with this shape (the latter with attempts and receipts).
        Message: {
          ...message,
          description:
            'A message as the messages list and GET /v1/messages/{id} show it. `bind` is an extension of the spec: the SMSC bind that took the message last, present once a bind took it; the answer of POST /v1/messages and webhook payloads keep the spec’s Message without it, and attempts keep the spec’s shape (GraphQL also names each attempt’s bind).',
          properties: {
            ...message.properties,
            bind: { type: 'string', description: 'Extension: the SMSC bind that took the message last (such as vodacom-1); absent until one took it' },
          },
          'x-svc-extension-fields': ['bind'],
        },
      },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'ujm_test_… or ujm_live_… API key' },
        session: { type: 'apiKey', in: 'cookie', name: 'ujm_session' },
      },
    },
    security: [{ apiKey: [] }, { session: [] }],
    paths,
    webhooks: webhooksSection(),
  };
}
