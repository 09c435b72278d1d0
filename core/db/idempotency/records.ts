// Idempotency records: one per (organization, operation, key), holding the request's fingerprint and, once its
// first request committed, the use case's result as JSON text.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, one, rows, type Runner } from '../sql.ts';

/** Which record: the tenant, the operation and the key its caller sent. */
export interface IdempotencyRecordKey {
  organizationId: string;
  operation: string;
  key: string;
}

/** A record as read before a request runs (result null while its first request runs). */
export interface UsedKey {
  fingerprint: string;
  result: string | null;
}

/**
 * Claims the key for a request with this fingerprint: true when this request is the first (or the record had
 * expired and is taken over); false when a record stands. A concurrent claim of the same key blocks on the
 * record's unique key until the first commits or rolls back.
 */
export async function claimIdempotencyKey(em: EntityManager, record: IdempotencyRecordKey, fingerprint: string, now: Date, expiresAt: Date): Promise<boolean> {
  const claimed = await rows(
    em,
    `insert into idempotency_records as r (organization_id, operation, key, fingerprint, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?)
     on conflict (organization_id, operation, key) do update
       set fingerprint = excluded.fingerprint, result = null, created_at = excluded.created_at, expires_at = excluded.expires_at
       where r.expires_at <= ?
     returning 1`,
    [record.organizationId, record.operation, record.key, fingerprint, now, expiresAt, now],
  );
  return claimed.length > 0;
}

/**
 * The record that stands for the key, expired or not, read after its claim failed: the claim waited for the
 * first request to commit, so the record holds its result.
 */
export function findIdempotencyRecord(em: EntityManager, record: IdempotencyRecordKey): Promise<{ fingerprint: string; result: string } | undefined> {
  return one<{ fingerprint: string; result: string }>(em, 'select fingerprint, result from idempotency_records where organization_id = ? and operation = ? and key = ?', [
    record.organizationId, record.operation, record.key,
  ]);
}

/** Keeps the first request's result, which replays answer again. */
export async function keepIdempotencyResult(em: EntityManager, record: IdempotencyRecordKey, result: string): Promise<void> {
  await exec(em, 'update idempotency_records set result = ? where organization_id = ? and operation = ? and key = ?', [
    result, record.organizationId, record.operation, record.key,
  ]);
}

/** The unexpired record of the key, read before a request runs (a hot path's runner, or the request's em). */
export async function findUsedKey(runner: Runner, record: IdempotencyRecordKey, now: Date): Promise<UsedKey | null> {
  return (
    (await one<UsedKey>(runner, 'select fingerprint, result from idempotency_records where organization_id = ? and operation = ? and key = ? and expires_at > ?', [
      record.organizationId, record.operation, record.key, now,
    ])) ?? null
  );
}
