// Idempotency records (Stripe and Svix style): tenant + operation + key, a request fingerprint, and the use case's
// result, which a replay answers again.
import { createHash } from 'node:crypto';
import type { Ctx } from './context.ts';
import { DomainError } from '../domain/errors.ts';
import { retryingContention } from '../db/contention.ts';
import { claimIdempotencyKey, findIdempotencyRecord, keepIdempotencyResult, type UsedKey } from '../db/idempotency/records.ts';

export type { UsedKey };

export const IDEMPOTENCY_TTL_MS = 7 * 86_400_000;

/** 1 to 255 printable ASCII characters (0x21 to 0x7E). */
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyScope {
  organizationId: string;
  operation: string;
  key: string;
  fingerprint: string;
  /** The name the caller sent the key under (an adapter's: a header, an input field), which a refusal names. */
  keyName: string;
}

/**
 * An idempotent request as an adapter hands it to a use case that keeps its own record (the batched send, the
 * quote). The record keeps the use case's value, never an adapter's rendering of it: each adapter renders a
 * replay in its own form.
 */
export interface IdempotentRequest {
  scope: IdempotencyScope;
}

/**
 * How a record keeps a use case's value: its JSON text, written once. A replay reads this text back, so it says
 * exactly what the first answer said (an adapter that renders JSON puts the same bytes where the value goes).
 */
export type KeptResult = string;

export const keep = (value: unknown): KeptResult => JSON.stringify(value);

/** The value a record keeps, as the first answer had it. */
export const keptValue = <T>(kept: KeptResult): T => JSON.parse(kept) as T;

/** What a keyed effect came to: this request's value, or the kept result of the request that used the key first. */
export type Idempotent<T> = { replay: false; value: T } | { replay: true; kept: KeptResult };

/** Canonical JSON (keys sorted) so that the same request always gives the same fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // A parsed input holds instants as Dates (a schedule): each is its instant, never an empty object.
  if (value instanceof Date) return JSON.stringify(value.toISOString());
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
 * Runs the effect and keeps its result in one transaction. A concurrent request with the same key blocks on the
 * record's unique key until the first commits, then replays it; if the first rolled back (a refusal), nothing
 * was kept and the second runs afresh. `keptForm` is the part of the value a replay answers (a secret withheld).
 */
export async function withIdempotency<T>(
  ctx: Ctx,
  scope: IdempotencyScope,
  effect: (tx: Ctx) => Promise<T>,
  keptForm: (value: T) => unknown = (value) => value,
): Promise<Idempotent<T>> {
  return retryingContention(() => ctx.em.transactional(async (em): Promise<Idempotent<T>> => {
    const tx: Ctx = { ...ctx, em };
    const expiresAt = new Date(ctx.now.getTime() + IDEMPOTENCY_TTL_MS);
    if (!(await claimIdempotencyKey(em, scope, scope.fingerprint, ctx.now, expiresAt))) {
      const record = await findIdempotencyRecord(em, scope);
      if (!record || record.fingerprint !== scope.fingerprint) throw idempotencyConflict(scope);
      return { replay: true, kept: record.result };
    }
    const value = await effect(tx);
    await keepIdempotencyResult(em, scope, keep(keptForm(value)));
    return { replay: false, value };
  }));
}

/**
 * The kept form of a value that reveals a secret (an API key's, a webhook endpoint's): the secret is shown once
 * and never kept, so a replay answers the same resource with `secret: null, secret_shown: false`.
 */
export function withSecretWithheld(value: unknown): unknown {
  if (value && typeof value === 'object' && typeof (value as { secret?: unknown }).secret === 'string') {
    return { ...value, secret: null, secret_shown: false };
  }
  return value;
}

/**
 * A used key answers before any check of the present state: the kept result of the same request (a replay),
 * idempotency_conflict for another request. Null when the key is free or its first request is still running.
 */
export function usedKeyResult(record: UsedKey | null, scope: IdempotencyScope): KeptResult | null {
  if (record && record.fingerprint !== scope.fingerprint) throw idempotencyConflict(scope);
  return record?.result ?? null;
}

/** The refusal names the key as its caller sent it (the adapter's name for it: a header, an input field). */
export const idempotencyConflict = (scope: Pick<IdempotencyScope, 'keyName'>) =>
  new DomainError('idempotency_conflict', `This ${scope.keyName} was already used with a different request.`, { field: scope.keyName });
