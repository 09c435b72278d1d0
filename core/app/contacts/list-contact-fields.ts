// The organization's contact fields, by name.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findContactFields } from '../../db/contacts/contact-fields.ts';
import { contactFieldView } from './contact-field-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export async function listContactFields(ctx: Ctx, actor: TenantActor) {
  return { fields: (await findContactFields(ctx.em, actor.organizationId)).map(contactFieldView) };
}
