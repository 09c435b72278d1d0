// Idempotency records (Stripe and Svix style): tenant + operation + key, a request fingerprint, the response replayed.
import { createHash } from 'node:crypto';
import type { Ctx } from './context.ts';
import { DomainError } from '../domain/errors.ts';
import { exec, one, rows, type Runner } from '../db/sql.ts';
import { retryingContention } from '../db/contention.ts';

export const IDEMPOTENCY_TTL_MS = 7 * 86_400_000;

/** 1 to 255 printable ASCII characters (0x21 to 0x7E). */
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyScope {
  organizationId: string;
  operation: string;
  key: string;
  fingerprint: string;
}

export interface StoredResponse {
  status: number;
  body: string;
}

/**
 * An idempotent request as an adapter hands it to a use case that keeps its own record (the batched send,
 * the quote): the record's scope and the adapter's stored form of an answer, which a replay sends back
 * byte for byte. The use case returns results; it never learns the form.
 */
export interface IdempotentRequest {
  scope: IdempotencyScope;
  /** The stored form of the answer carrying this result. */
  answer(result: object): StoredResponse;
  /** The result a stored answer carries. */
  resultOf(body: string): unknown;
}

/** Canonical JSON (keys sorted) so that the same request always gives the same fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprintOf(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * Runs the effect and stores its response in one transaction. A concurrent request with the same
 * key blocks on the record's unique key until the first commits, then replays it; if the first
 * rolled back (a refusal), nothing was stored and the second runs afresh.
 */
export async function withIdempotency(
  ctx: Ctx,
  scope: IdempotencyScope,
  effect: (tx: Ctx) => Promise<StoredResponse>,
  storedForm: (body: string) => string = (body) => body,
): Promise<StoredResponse & { replay: boolean }> {
  return retryingContention(() => ctx.em.transactional(async (em) => {
    const tx: Ctx = { ...ctx, em };
    const expiresAt = new Date(ctx.now.getTime() + IDEMPOTENCY_TTL_MS);
    const claimed = await rows(
      em,
      `insert into idempotency_records as r (organization_id, operation, key, fingerprint, created_at, expires_at)
       values (?, ?, ?, ?, ?, ?)
       on conflict (organization_id, operation, key) do update
         set fingerprint = excluded.fingerprint, status_code = null, response_body = null,
             created_at = excluded.created_at, expires_at = excluded.expires_at
         where r.expires_at <= ?
       returning 1`,
      [scope.organizationId, scope.operation, scope.key, scope.fingerprint, ctx.now, expiresAt, ctx.now],
    );
    if (claimed.length === 0) {
      const record = await one<{ fingerprint: string; status_code: number; response_body: string }>(
        em,
        'select fingerprint, status_code, response_body from idempotency_records where organization_id = ? and operation = ? and key = ?',
        [scope.organizationId, scope.operation, scope.key],
      );
      if (!record || record.fingerprint !== scope.fingerprint) {
        throw idempotencyConflict();
      }
      return { status: record.status_code, body: record.response_body, replay: true };
    }
    const response = await effect(tx);
    await exec(em, 'update idempotency_records set status_code = ?, response_body = ? where organization_id = ? and operation = ? and key = ?', [
      response.status, storedForm(response.body), scope.organizationId, scope.operation, scope.key,
    ]);
    return { ...response, replay: false };
  }));
}

/**
 * The stored form of an answer that reveals a secret (an API key's, later a webhook endpoint's): the
 * secret is shown once and never kept, so a replay answers the same status and resource with
 * `secret: null, secret_shown: false`.
 */
export function withSecretWithheld(body: string): string {
  const parsed = JSON.parse(body) as { data?: Record<string, unknown> };
  if (parsed.data && typeof parsed.data.secret === 'string') {
    parsed.data.secret = null;
    parsed.data.secret_shown = false;
  }
  return JSON.stringify(parsed);
}

/** An idempotency record as read before a request runs. */
export interface UsedKey {
  fingerprint: string;
  status_code: number | null;
  response_body: string | null;
}

/** Columns and condition of the unexpired record of a scope (organization, operation, key, now). */
export const USED_KEY_SQL =
  'select fingerprint, status_code, response_body from idempotency_records where organization_id = ? and operation = ? and key = ? and expires_at > ?';

export async function findUsedKey(runner: Runner, scope: IdempotencyScope, now: Date): Promise<UsedKey | null> {
  return (await one<UsedKey>(runner, USED_KEY_SQL, [scope.organizationId, scope.operation, scope.key, now])) ?? null;
}

/**
 * A used key answers before any check of the present state: the stored answer of the same request
 * (a replay), 409 for another request. Null when the key is free or its first request is still running.
 */
export function usedKeyAnswer(record: UsedKey | null, scope: IdempotencyScope): (StoredResponse & { replay: true }) | null {
  if (record && record.fingerprint !== scope.fingerprint) throw idempotencyConflict();
  if (record?.status_code && record.response_body) return { status: record.status_code, body: record.response_body, replay: true };
  return null;
}

export const idempotencyConflict = () =>
  new DomainError('idempotency_conflict', 'This X-Idempotency-Key was already used with a different request.', { field: 'X-Idempotency-Key' });
