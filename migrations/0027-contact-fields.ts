// Contact fields: up to 10 text fields an organization defines ("town", "shop"), and their values on contacts.
//
// The values are a table of their own rather than a jsonb column on contacts: one btree on (field_id, lower(value))
// answers "field X equals V" (and its starts) for every field, and one trigram index answers "contains V", where a
// jsonb column would need an expression index per field (fields are made at run time) or a GIN index that answers
// only exact, case-sensitive equality. Deleting a field is a delete by that index, not a rewrite of every contact
// row, and contacts stay narrow for the imports and audiences that read and write them in bulk.
import { Migration } from '@mikro-orm/migrations';

const statements = [
  // Trusted extensions (PostgreSQL 13 and later): the database's owner may create them. pg_trgm indexes the
  // trigrams of values for "contains"; btree_gin lets the same GIN index hold the field, so that one index
  // answers "field X contains V" without reading every value of the field.
  'create extension if not exists pg_trgm',
  'create extension if not exists btree_gin',
  `create table contact_fields (
    id uuid primary key,
    organization_id uuid not null references organizations(id),
    name text not null check (length(name) between 1 and 40),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create unique index contact_fields_org_name on contact_fields (organization_id, lower(name))`,
  `create table contact_field_values (
    -- No foreign keys, as group_members: an import writes thousands of values a statement, and a key check
    -- would lock the referenced rows. Deleting a contact or a field deletes its values explicitly.
    contact_id uuid not null,
    field_id uuid not null,
    organization_id uuid not null,
    value text not null check (length(value) between 1 and 200),
    primary key (contact_id, field_id)
  )`,
  // Equality ignoring case and a field's values in order; also the path of deleting a field's values.
  `create index contact_field_values_equal on contact_field_values (field_id, lower(value) text_pattern_ops)`,
  `create index contact_field_values_contains on contact_field_values using gin (field_id, lower(value) gin_trgm_ops)`,
];

export class Migration0027ContactFields extends Migration {
  override name = '0027-contact-fields';

  override up(): void {
    for (const sql of statements) this.addSql(sql);
  }
}
