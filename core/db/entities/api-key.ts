// ApiKey: a secret (kept only as its SHA-256) that lets a program call the API in one mode with some scopes.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Scope } from '../../domain/access.ts';

export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    name: p.text(),
    mode: p.enum(['test', 'live'] as const),
    displayPrefix: p.text(),
    lastFour: p.text(),
    secretHash: p.blob(),
    scopes: p.array((scope) => scope as Scope),
    createdByMemberId: p.uuid().strictNullable(),
    /** The member the key follows (its creator unless re-assigned); null: held by the organization. */
    heldByMemberId: p.uuid().strictNullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().strictNullable(),
    rotatedAt: p.datetime().strictNullable(),
    replacedById: p.uuid().strictNullable(),
    graceUntil: p.datetime().strictNullable(),
    lastUsedAt: p.datetime().strictNullable(),
  },
});

export type ApiKey = InferEntity<typeof ApiKey>;
