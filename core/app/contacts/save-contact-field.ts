// Define and rename contact fields: at most 10 per organization, names unique ignoring case.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { lockOrganization } from '../../db/lock-order.ts';
import { setContactFieldName } from '../../db/contacts/contact-fields.ts';
import type { TDefineContactFieldBody, TRenameContactFieldBody } from '../../inputs/contacts.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addContactField, assertFieldNameFree, contactFieldView, requireContactField } from './contact-field-view.ts';

export { ZDefineContactFieldBody, ZRenameContactFieldBody } from '../../inputs/contacts.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export async function defineContactField(ctx: Ctx, actor: TenantActor, body: TDefineContactFieldBody) {
  return inTransaction(ctx, async (tx) => {
    const field = await addContactField(tx, actor.organizationId, body.name);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'contact_field.created', targetType: 'contact_field', targetId: field.id, details: { name: field.name } });
    return { field: contactFieldView(field) };
  });
}

export async function renameContactField(ctx: Ctx, actor: TenantActor, id: string, body: TRenameContactFieldBody) {
  return inTransaction(ctx, async (tx) => {
    await lockOrganization(tx.em, actor.organizationId);
    const field = await requireContactField(tx, actor.organizationId, id, true);
    await assertFieldNameFree(tx, actor.organizationId, body.name, id);
    const before = field.name;
    await setContactFieldName(tx.em, field, body.name, tx.now);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'contact_field.renamed', targetType: 'contact_field', targetId: id, details: { from: before, to: body.name } });
    return { field: contactFieldView(field) };
  });
}
