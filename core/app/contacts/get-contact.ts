// Get one contact.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { canSeeNumbers, contactView, requireContact } from './contact-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export async function getContact(ctx: Ctx, actor: TenantActor, id: string) {
  const { contact, standing } = await requireContact(ctx, actor.organizationId, id);
  return { contact: contactView(contact, standing, canSeeNumbers(actor)) };
}
