// Get one contact.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findContactWithStanding } from '../../db/contacts/contact-list.ts';
import { canSeeNumbers, contactNotFound, contactView } from './contact-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export async function getContact(ctx: Ctx, actor: TenantActor, id: string) {
  const contact = await findContactWithStanding(ctx.em, actor.organizationId, id);
  if (!contact) throw contactNotFound(id);
  return { contact: contactView(contact, contact.standing, canSeeNumbers(actor)) };
}
