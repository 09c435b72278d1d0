// Every place of the OpenAPI document where a request carries text (body fields and keys, query and path
// parameters), and valid values for the rest of a request, so that one field at a time can be made hostile.

export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  minimum?: number;
  [other: string]: unknown;
}

export type Caller = 'anonymous' | 'owner' | 'live' | 'test';

export interface Operation {
  operationId: string;
  method: string;
  /** The OpenAPI path, with {name} for path parameters. */
  path: string;
  callers: Caller[];
  idempotency: boolean;
  /** The JSON request body, if the operation takes one. */
  body?: Schema;
  /** Another media type the body is sent as (an upload). */
  rawBody?: string;
  params: { name: string; in: string; required?: boolean; schema: Schema }[];
}

/** Where a hostile string is placed: `segments` is the body path ('[]' an array item), or the parameter's name. */
export interface Location {
  op: Operation;
  kind: 'body' | 'key' | 'query' | 'path';
  segments: string[];
  /** The field's own schema (for a key: the object that gets the hostile key). */
  schema: Schema;
  /** A message body keeps its line breaks (text-input.ts): only other controls are hostile there. */
  multiline: boolean;
}

interface RawOperation {
  operationId: string;
  'x-svc-public'?: boolean;
  'x-svc-scopes': string[];
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/**
 * A body that takes one of several forms (`anyOf` of objects at its root, e.g. a top-up by push payment or by a
 * payment made elsewhere) is walked as one operation per form.
 */
function bodyForms(body: Schema | undefined): (Schema | undefined)[] {
  const forms = body?.anyOf?.filter((s) => s.type !== 'null') ?? [];
  return forms.length > 1 && forms.every((s) => s.type === 'object') ? forms : [body];
}

export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, RawOperation>).flatMap(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const rawBody = Object.keys(content).find((type) => type !== 'application/json');
      const params = op.parameters ?? [];
      return bodyForms(content['application/json']?.schema).map(
        (body) =>
          ({
            operationId: op.operationId,
            method,
            path,
            callers: op['x-svc-public'] ? ['anonymous'] : op['x-svc-scopes'].length ? ['live', 'test', 'owner'] : ['owner'],
            idempotency: params.some((p) => p.in === 'header' && p.name === 'X-Idempotency-Key'),
            ...(body ? { body } : {}),
            ...(rawBody ? { rawBody } : {}),
            params: params.filter((p) => p.in !== 'header'),
          }) satisfies Operation,
      );
    }),
  );
}

/** The branch that carries a value: nullable fields are `anyOf: [X, {type: 'null'}]` in zod's JSON Schema. */
function nonNull(schema: Schema): Schema {
  return schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
}

// Keywords the walk reads or may ignore; any other (oneOf, allOf, $ref, prefixItems, patternProperties…) could
// hide a field from it, so the guard test refuses it until the walk learns it.
const SHAPES = new Set([
  'type', 'anyOf', 'properties', 'required', 'items', 'additionalProperties', 'format', 'enum', 'const', 'default', 'pattern',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'description', 'title', 'examples', 'deprecated',
]);

function unknownShapes(op: Operation, at: string, schema: Schema): string[] {
  const found = Object.keys(schema).filter((k) => !SHAPES.has(k));
  // A map (z.record) takes keys the walk cannot list.
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) found.push('additionalProperties');
  return found.map((k) => `${op.operationId} ${at}: ${k}`);
}

/**
 * Every place of a body a string can be put: each property (into nested objects, nullable branches and array
 * items) and each object's keys. A shape this walk does not know is returned in `unknown`, for the guard.
 */
function bodyLocations(op: Operation, schema: Schema, segments: string[] = []): { found: Location[]; unknown: string[] } {
  const at = segments.join('.') || '(body)';
  const unknown = unknownShapes(op, at, schema);
  if (schema.anyOf && schema.anyOf.filter((s) => s.type !== 'null').length !== 1) unknown.push(`${op.operationId} ${at}: anyOf of several shapes`);
  const s = nonNull(schema);
  if (s !== schema) unknown.push(...unknownShapes(op, at, s));
  const multiline = segments[segments.length - 1] === 'body';
  if (s.type === 'object') {
    const found: Location[] = [{ op, kind: 'key', segments, schema: s, multiline: false }];
    for (const [name, inner] of Object.entries(s.properties ?? {})) {
      const below = bodyLocations(op, inner, [...segments, name]);
      found.push(...below.found);
      unknown.push(...below.unknown);
    }
    return { found, unknown };
  }
  if (s.type === 'array' && s.items) {
    const below = bodyLocations(op, s.items, [...segments, '[]']);
    return { found: below.found, unknown: [...unknown, ...below.unknown] };
  }
  if (s.type === undefined && s.const === undefined && s.enum === undefined) unknown.push(`${op.operationId} ${at}: no type`);
  return { found: [{ op, kind: 'body', segments, schema, multiline }], unknown };
}

export function locationsOf(op: Operation): { found: Location[]; unknown: string[] } {
  const body = op.body ? bodyLocations(op, op.body) : { found: [], unknown: [] };
  const params = op.params.map((p): Location => ({ op, kind: p.in === 'path' ? 'path' : 'query', segments: [p.name], schema: p.schema, multiline: false }));
  const unknown = op.params.filter((p) => p.in !== 'path' && p.in !== 'query').map((p) => `${op.operationId}: parameter in ${p.in}`);
  return { found: [...body.found, ...params], unknown: [...body.unknown, ...unknown] };
}

export const FIXED_ID = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
// Fields whose valid form no JSON Schema keyword states (their zod schemas refine or transform).
const BY_NAME: Record<string, string> = {
  email: 'someone@example.com',
  phone: '+255754000123',
  to: '+255754000123',
  password: 'Long-enough-passw0rd-42',
  from: 'UJUMBE',
  sender_id: 'UJUMBE',
  name: 'Wateja',
  body: 'Habari za leo',
  filename: 'contacts.csv',
  // Keywords: one word each (the items of a list are named by the list).
  opt_out_words: 'STOP',
  opt_in_words: 'START',
};

/** A valid value; `ordinal` tells array items apart (lists refuse repeats). */
export function validValue(schema: Schema, name = '', ordinal = 0): unknown {
  const s = nonNull(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[ordinal % s.enum.length];
  if (s.format === 'uuid') return FIXED_ID.slice(0, -4) + (0x1000 + ordinal).toString(16);
  if (s.format === 'date-time') return '2026-11-23T09:00:00Z';
  if (s.type === 'string') return (BY_NAME[name] ?? 'Sample text').slice(0, s.maxLength ?? 100);
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.type === 'boolean') return true;
  if (s.type === 'array') return Array.from({ length: Math.max(1, s.minItems ?? 0) }, (_, i) => validValue(s.items ?? {}, name, i));
  if (s.type !== 'object') return null;
  // An object that requires nothing (an edit) may still refuse to be empty: its first two fields go in.
  const keys = s.required?.length ? s.required : Object.keys(s.properties ?? {}).slice(0, 2);
  return Object.fromEntries(keys.map((k) => [k, validValue(s.properties?.[k] ?? {}, k)]));
}

/** A valid body with `leaf` at the location; `indexes` are the array positions along the way. */
export function bodyWith(schema: Schema, segments: string[], indexes: number[], leaf: (s: Schema, ordinal: number) => unknown, name = '', ordinal = 0): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return leaf(schema, ordinal);
  const s = nonNull(schema);
  if (head === '[]') {
    const [i = 0, ...more] = indexes;
    const items = Array.from({ length: i }, (_, n) => validValue(s.items ?? {}, name, n));
    return [...items, bodyWith(s.items ?? {}, rest, more, leaf, name, i)];
  }
  const value = (validValue(s) ?? {}) as Record<string, unknown>;
  return { ...value, [head]: bodyWith(s.properties?.[head] ?? {}, rest, indexes, leaf, head) };
}

/** The field as text-input.ts names it: keys joined by dots, array positions as numbers, the whole body `body`. */
export function fieldOf(location: Location, indexes: number[]): string {
  let i = 0;
  const named = location.segments.map((seg) => (seg === '[]' ? String(indexes[i++] ?? 0) : seg)).join('.');
  return location.kind === 'key' && named === '' ? 'body' : named;
}

export function arraySlots(location: Location): Schema[] {
  const slots: Schema[] = [];
  let s: Schema = location.op.body ?? {};
  for (const seg of location.segments) {
    const here = nonNull(s);
    if (seg === '[]') slots.push(here);
    s = (seg === '[]' ? here.items : here.properties?.[seg]) ?? {};
  }
  return slots;
}
