// The API key repository: an organization's keys read, created and changed as ApiKey entities, each write
// flushed at once so that it keeps its place among the statements of its transaction.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Scope } from '../../domain/access.ts';
import { ApiKey } from '../entities/api-key.ts';
import { newId } from '../ids.ts';

/** One of the organization's keys; `lock` holds its row for update until the transaction ends. */
export function findApiKey(em: EntityManager, organizationId: string, id: string, lock = false): Promise<ApiKey | null> {
  return em.findOne(ApiKey, { id, organizationId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
}

/** Keys that count against the organization's limit: neither revoked, nor rotated, nor expired. */
export function countActiveApiKeys(em: EntityManager, organizationId: string, now: Date): Promise<number> {
  return em.count(ApiKey, { organizationId, revokedAt: null, rotatedAt: null, expiresAt: { $gt: now } });
}

export interface NewApiKey {
  organizationId: string;
  name: string;
  mode: 'test' | 'live';
  scopes: readonly Scope[];
  /** The whole secret: only its first 13 and last 4 characters are kept, with its SHA-256. */
  secret: string;
  secretHash: Buffer;
  /** Also the key's first holder. */
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertApiKey(em: EntityManager, key: NewApiKey): Promise<ApiKey> {
  const created = em.create(ApiKey, {
    id: newId(),
    organizationId: key.organizationId,
    name: key.name,
    mode: key.mode,
    displayPrefix: key.secret.slice(0, 13),
    lastFour: key.secret.slice(-4),
    secretHash: key.secretHash,
    scopes: [...key.scopes],
    createdByMemberId: key.createdBy,
    heldByMemberId: key.createdBy,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    revokedAt: null,
    rotatedAt: null,
    replacedById: null,
    graceUntil: null,
    lastUsedAt: null,
  });
  await em.persist(created).flush();
  return created;
}

/**
 * A page of the organization's keys, newest first: ids are time-ordered, so `before` is the last id of the
 * previous page. One key more than the limit tells whether a next page exists.
 */
export function findApiKeysPage(em: EntityManager, organizationId: string, page: { before: string | undefined; limit: number }): Promise<ApiKey[]> {
  return em.find(ApiKey, { organizationId, ...(page.before === undefined ? {} : { id: { $lt: page.before } }) }, { orderBy: { id: 'desc' }, limit: page.limit + 1 });
}

/** The unrevoked keys a member holds, oldest first; `lock` holds their rows for update. */
export function findApiKeysHeldBy(em: EntityManager, organizationId: string, memberId: string, lock = false): Promise<ApiKey[]> {
  return em.find(
    ApiKey,
    { organizationId, heldByMemberId: memberId, revokedAt: null },
    { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
  );
}

/** Revokes the keys (in one statement when there are several). */
export async function revokeApiKeys(em: EntityManager, keys: readonly ApiKey[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  for (const key of keys) key.revokedAt = at;
  await em.flush();
}

/** Marks a key rotated: it keeps working until graceUntil, replaced by another. */
export async function markApiKeyRotated(em: EntityManager, key: ApiKey, rotation: { at: Date; graceUntil: Date; replacedById: string }): Promise<void> {
  key.rotatedAt = rotation.at;
  key.graceUntil = rotation.graceUntil;
  key.replacedById = rotation.replacedById;
  await em.flush();
}

/** Gives the key another holder. */
export async function setApiKeyHolder(em: EntityManager, key: ApiKey, memberId: string): Promise<void> {
  key.heldByMemberId = memberId;
  await em.flush();
}
