// Member: a person who signs in to one organization's dashboard, with a role; removal keeps the row (deleted_at).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ROLES } from '../../domain/access.ts';

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
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    deletedAt: p.datetime().strictNullable(),
  },
});

export type Member = InferEntity<typeof Member>;
