// Contact: a number in an organization's address book and its name (consent and opt-outs are histories of their own).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Contact = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    organizationId: p.uuid().primary(),
    id: p.uuid().primary(),
    // Unique per organization (migration 0002), in byte order so that the key serves prefix searches too.
    phone: p.text(),
    name: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  // Keyed by organization first (migration 0002): the key serves lookups and newest-first pages alike.
  primaryKeys: ['organizationId', 'id'],
});

export type Contact = InferEntity<typeof Contact>;
