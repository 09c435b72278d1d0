// A contact with its current consent, opt-out, groups and field values, and its public shape (masked without contacts.read).
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { memberCan } from '../actor.ts';
import { maskPhone } from '../../domain/phone.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Contact } from '../../db/entities/contact.ts';
import { contactStanding, findContact } from '../../db/contacts/contacts.ts';
import type { ContactFields } from '../../db/contacts/contact-list.ts';
import type { ContactStanding } from '../../db/contacts/standing.ts';

export const contactNotFound = (id: string) => new DomainError('not_found', `No contact has the id ${id}.`);

/**
 * The contact, locked, and its standing, or 404: two statements, the lock first. The standing read then starts
 * after any change that held the lock and sees its consent records, which one statement would read from the
 * snapshot it took before waiting for the lock.
 */
export async function lockContact(ctx: Ctx, organizationId: string, id: string): Promise<{ contact: Contact; standing: ContactStanding }> {
  const contact = await findContact(ctx.em, organizationId, id, { lock: true });
  if (!contact) throw contactNotFound(id);
  return { contact, standing: await contactStanding(ctx.em, contact) };
}

export function canSeeNumbers(actor: Actor): boolean {
  return memberCan(actor, 'contacts.read');
}

export function contactView(contact: ContactFields, standing: ContactStanding, fullNumbers: boolean) {
  const latest = standing.latestConsent;
  const consent =
    latest?.consented === true
      ? {
          note: latest.note,
          source: latest.source,
          recorded_at: latest.recordedAt.toISOString(),
          recorded_by: { type: latest.actorType, id: latest.actorId },
        }
      : null;
  return {
    id: contact.id,
    phone: fullNumbers ? contact.phone : maskPhone(contact.phone),
    name: contact.name ?? null,
    consent,
    opted_out: standing.optedOut,
    group_ids: standing.groupIds,
    fields: standing.fields.map((f) => ({ id: f.id, name: f.name, value: f.value })),
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  };
}
