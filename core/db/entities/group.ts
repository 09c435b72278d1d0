// Group: a named set of an organization's contacts; its memberships are rows of group_members, written in bulk by SQL.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Group = defineEntity({
  name: 'Group',
  tableName: 'groups',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    // Unique per organization ignoring case (groups_org_name).
    name: p.text(),
    // Kept by group_members' statement triggers (migration 0002), never written here: a group loaded before its
    // members changed holds the count it had then.
    memberCount: p.integer().default(0),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type Group = InferEntity<typeof Group>;
