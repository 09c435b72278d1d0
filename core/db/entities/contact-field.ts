// Contact field: a text field an organization adds to its contacts; its values are rows of contact_field_values.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ContactField = defineEntity({
  name: 'ContactField',
  tableName: 'contact_fields',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    // Unique per organization ignoring case (contact_fields_org_name).
    name: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type ContactField = InferEntity<typeof ContactField>;
