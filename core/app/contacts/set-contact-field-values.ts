// Set a contact's field values: each field the organization's, an empty or null value clearing it.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { fieldValueOf } from '../../domain/contact-fields.ts';
import { contactStanding, touchContact } from '../../db/contacts/contacts.ts';
import { findContactFields, writeContactFieldValues } from '../../db/contacts/contact-fields.ts';
import type { TSetContactFieldValuesBody } from '../../inputs/contacts.ts';
import { canSeeNumbers, contactView, lockContact } from './contact-view.ts';

export { ZSetContactFieldValuesBody } from '../../inputs/contacts.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export async function setContactFieldValues(ctx: Ctx, actor: TenantActor, id: string, body: TSetContactFieldValuesBody) {
  return inTransaction(ctx, async (tx) => {
    const { contact } = await lockContact(tx, actor.organizationId, id);
    const own = new Set((await findContactFields(tx.em, actor.organizationId)).map((f) => f.id));
    body.values.forEach((v, i) => {
      if (!own.has(v.field_id)) throw new DomainError('validation_failed', `values.${i}.field_id: ${v.field_id} is not a contact field of this organization.`, { field: `values.${i}.field_id` });
    });
    // One write per field: a field named twice takes its last value.
    const last = new Map(body.values.map((v) => [v.field_id, fieldValueOf(v.value)]));
    await writeContactFieldValues(tx.em, actor.organizationId, id, [...last].map(([field_id, value]) => ({ field_id, value })));
    await touchContact(tx.em, contact, tx.now);
    return { contact: contactView(contact, await contactStanding(tx.em, contact), canSeeNumbers(actor)) };
  });
}
