// Member: a person who signs in to one organization's dashboard, with a role; removal keeps the row (deleted_at).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ROLES } from '../../domain/access.ts';
import { LANGUAGES } from '../../domain/languages.ts';

export const Member = defineEntity({
  name: 'Member',
  tableName: 'members',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    email: p.text(),
    name: p.text().strictNullable(),
    passwordHash: p.text(),
    role: p.enum(ROLES),
    /** The dashboard's language this member chose (migration 0030); null: never chosen, the browser's decides. */
    language: p.enum(LANGUAGES).strictNullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    deletedAt: p.datetime().strictNullable(),
  },
});

export type Member = InferEntity<typeof Member>;
