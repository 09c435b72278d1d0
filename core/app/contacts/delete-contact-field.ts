// Delete a contact field: every contact's value of it goes too, and the audit says how many.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { removeContactField } from '../../db/contacts/contact-fields.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireContactField } from './contact-field-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export async function deleteContactField(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const field = await requireContactField(tx, actor.organizationId, id, true);
    const name = field.name;
    const values = await removeContactField(tx.em, field);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'contact_field.deleted', targetType: 'contact_field', targetId: id, details: { name, values_deleted: values } });
    return { id, deleted: true };
  });
}
