// Contact fields' public shape, the field or 404, and a new field made within the organization's limit.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_CONTACT_FIELDS } from '../../domain/contact-fields.ts';
import { newId } from '../../db/ids.ts';
import { lockOrganization } from '../../db/lock-order.ts';
import type { ContactField } from '../../db/entities/contact-field.ts';
import { contactFieldNameTaken, countContactFields, findContactField, insertContactField } from '../../db/contacts/contact-fields.ts';

export function contactFieldView(field: Pick<ContactField, 'id' | 'name' | 'createdAt' | 'updatedAt'>) {
  return { id: field.id, name: field.name, created_at: field.createdAt.toISOString(), updated_at: field.updatedAt.toISOString() };
}

export async function requireContactField(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<ContactField> {
  const field = await findContactField(ctx.em, organizationId, id, { lock });
  if (!field) throw new DomainError('not_found', `No contact field has the id ${id}.`);
  return field;
}

export function fieldNameTaken(name: string, field = 'name'): DomainError {
  return new DomainError('contact_field_name_taken', `A contact field named "${name}" exists already (names ignore case).`, { field });
}

/** Checked under the organization's lock, so the count and the name are exact. */
export async function assertFieldNameFree(tx: Ctx, organizationId: string, name: string, exceptId: string | null, field = 'name'): Promise<void> {
  if (await contactFieldNameTaken(tx.em, organizationId, name, exceptId)) throw fieldNameTaken(name, field);
}

/** Inside the caller's transaction: the organization lock makes the count and the name check exact. */
export async function addContactField(tx: Ctx, organizationId: string, name: string, field = 'name'): Promise<ContactField> {
  await lockOrganization(tx.em, organizationId);
  if ((await countContactFields(tx.em, organizationId)) >= MAX_CONTACT_FIELDS) {
    throw new DomainError('too_many_contact_fields', `An organization has at most ${MAX_CONTACT_FIELDS} contact fields; delete one first.`, { field });
  }
  await assertFieldNameFree(tx, organizationId, name, null, field);
  return insertContactField(tx.em, { id: newId(), organizationId, name, now: tx.now });
}
