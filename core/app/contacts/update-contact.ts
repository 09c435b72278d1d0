// Update a contact: the name (set, cleared, or left), consent recorded only when none exists, or withdrawn.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { contactStanding, renameContact, touchContact } from '../../db/contacts/contacts.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { appendConsentEvent } from './consent-history.ts';
import { canSeeNumbers, contactView, lockContact } from './contact-view.ts';
import { type TUpdateContactBody } from '../../inputs/contacts.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export async function updateContact(ctx: Ctx, actor: TenantActor, id: string, body: TUpdateContactBody) {
  return inTransaction(ctx, async (tx) => {
    // Locking the contact serialises two updates, so two consents cannot both be "the first".
    const { contact, standing } = await lockContact(tx, actor.organizationId, id);
    const hasConsent = standing.latestConsent?.consented === true;
    if (body.name !== undefined) await renameContact(tx.em, contact, body.name || null, tx.now);
    const event = { organizationId: actor.organizationId, phone: contact.phone, contactId: id, source: 'manual' as const };
    if (body.consent && !hasConsent) {
      await appendConsentEvent(tx, actor, { ...event, action: 'consent_recorded', note: body.consent.note });
      await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'consent.recorded', targetType: 'contact', targetId: id, details: { note: body.consent.note } });
    }
    if (body.consent === null && hasConsent) {
      await appendConsentEvent(tx, actor, { ...event, action: 'consent_cleared' });
      await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'consent.cleared', targetType: 'contact', targetId: id });
    }
    if (body.consent !== undefined) await touchContact(tx.em, contact, tx.now);
    return { contact: contactView(contact, await contactStanding(tx.em, contact), canSeeNumbers(actor)) };
  });
}
