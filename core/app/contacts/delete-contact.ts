// Delete a contact: its memberships and field values go; its consent history and any opt-out of the number stay.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { maskPhone } from '../../domain/phone.ts';
import { removeContact } from '../../db/contacts/contacts.ts';
import { removeContactFromGroups } from '../../db/groups/members.ts';
import { removeContactFieldValues } from '../../db/contacts/contact-fields.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { appendConsentEvent } from './consent-history.ts';
import { lockContact } from './contact-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

export async function deleteContact(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const { contact, standing } = await lockContact(tx, actor.organizationId, id);
    if (standing.latestConsent?.consented === true) {
      // A deleted contact's consent ends with it: a contact added again later must be given consent anew.
      await appendConsentEvent(tx, actor, { organizationId: actor.organizationId, phone: contact.phone, contactId: id, action: 'consent_cleared', source: 'contact_deleted' });
    }
    await removeContactFromGroups(tx.em, id);
    await removeContactFieldValues(tx.em, id);
    await removeContact(tx.em, contact);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'contact.deleted', targetType: 'contact', targetId: id, details: { phone: maskPhone(contact.phone) } });
    return { id, deleted: true };
  });
}
