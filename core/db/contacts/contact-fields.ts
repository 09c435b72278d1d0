// Contact fields through their entity (found, counted, created, renamed, deleted), and their values on contacts.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContactField } from '../entities/contact-field.ts';
import { UUID_RE } from '../ids.ts';
import { exec, one, rows, type Runner } from '../sql.ts';

/** An id that is not a uuid names no field. */
export async function findContactField(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<ContactField | null> {
  if (!UUID_RE.test(id)) return null;
  return em.findOne(ContactField, { id, organizationId }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
}

/** The organization's fields, by name ignoring case. */
export async function findContactFields(em: EntityManager, organizationId: string): Promise<ContactField[]> {
  const found = await em.find(ContactField, { organizationId }, { refresh: true });
  return found.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
}

export async function countContactFields(em: EntityManager, organizationId: string): Promise<number> {
  return em.count(ContactField, { organizationId });
}

/** Whether another of the organization's fields has the name, ignoring case (the key contact_fields_org_name). */
export async function contactFieldNameTaken(em: EntityManager, organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
  const clash = await one(em, 'select 1 from contact_fields where organization_id = ? and lower(name) = lower(?) and id is distinct from ?', [
    organizationId,
    name,
    exceptId,
  ]);
  return clash !== undefined;
}

export async function insertContactField(em: EntityManager, fields: { id: string; organizationId: string; name: string; now: Date }): Promise<ContactField> {
  const field = em.create(ContactField, { id: fields.id, organizationId: fields.organizationId, name: fields.name, createdAt: fields.now, updatedAt: fields.now });
  await em.persist(field).flush();
  return field;
}

export async function setContactFieldName(em: EntityManager, field: ContactField, name: string, now: Date): Promise<void> {
  field.name = name;
  field.updatedAt = now;
  await em.flush();
}

/** Deletes the field and every value of it; the number of values deleted. */
export async function removeContactField(em: EntityManager, field: ContactField): Promise<number> {
  const gone = await rows(em, 'delete from contact_field_values where field_id = ? returning 1', [field.id]);
  await em.remove(field).flush();
  return gone.length;
}

/** Sets values (null deletes one) of one contact; every field id is the organization's, checked by the caller. */
export async function writeContactFieldValues(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  values: readonly { field_id: string; value: string | null }[],
): Promise<void> {
  const kept = values.filter((v) => v.value !== null);
  const cleared = values.filter((v) => v.value === null).map((v) => v.field_id);
  if (cleared.length) await exec(em, 'delete from contact_field_values where contact_id = ? and field_id in (?)', [contactId, cleared]);
  if (kept.length === 0) return;
  await exec(
    em,
    `insert into contact_field_values (contact_id, field_id, organization_id, value)
     select ?, x.field_id, ?, x.value from jsonb_to_recordset(?::jsonb) as x(field_id uuid, value text)
     on conflict (contact_id, field_id) do update set value = excluded.value`,
    [contactId, organizationId, JSON.stringify(kept)],
  );
}

/** A deleted contact's values go with it. */
export async function removeContactFieldValues(em: EntityManager, contactId: string): Promise<void> {
  await exec(em, 'delete from contact_field_values where contact_id = ?', [contactId]);
}

/**
 * Hot path (an import's chunk): values for contacts found by number, in one statement. A contact keeps the
 * values it has, as it keeps its name; a field deleted since the import was queued gets none.
 */
export async function importContactFieldValues(db: Runner, organizationId: string, valuesJson: string): Promise<void> {
  await exec(
    db,
    `insert into contact_field_values (contact_id, field_id, organization_id, value)
     select c.id, f.id, c.organization_id, x.value
     from jsonb_to_recordset(?::jsonb) as x(phone text, field_id uuid, value text)
     join contacts c on c.organization_id = ? and c.phone = x.phone
     join contact_fields f on f.id = x.field_id and f.organization_id = c.organization_id
     on conflict (contact_id, field_id) do nothing`,
    [valuesJson, organizationId],
  );
}
