// Create a contact: one per number, an optional consent record and groups of the organization.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { normalizeTanzanianMobile } from '../../domain/phone.ts';
import { newId } from '../../db/ids.ts';
import { contactStanding, insertContact } from '../../db/contacts/contacts.ts';
import { addContactToGroups } from '../../db/groups/members.ts';
import { requireOwnGroups } from '../groups/group-view.ts';
import { type TCreateContactBody } from '../../inputs/contacts.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { appendConsentEvent } from './consent-history.ts';
import { canSeeNumbers, contactView } from './contact-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

const contactExists = () => new DomainError('contact_exists', 'A contact with this number already exists.', { field: 'phone' });

export async function createContact(ctx: Ctx, actor: TenantActor, body: TCreateContactBody) {
  const phone = unwrap(normalizeTanzanianMobile(body.phone, 'phone'));
  return inTransaction(ctx, async (tx) => {
    // Checked as sent, so that a refusal names the position in the request; repeats count once.
    await requireOwnGroups(tx, actor.organizationId, body.group_ids, 'group_ids');
    const groupIds = [...new Set(body.group_ids)];
    const id = newId();
    const contact = await insertContact(tx.em, { id, organizationId: actor.organizationId, phone, name: body.name || null, now: tx.now });
    if (!contact) throw contactExists();
    if (groupIds.length) await addContactToGroups(tx.em, id, actor.organizationId, groupIds, tx.now);
    if (body.consent) {
      await appendConsentEvent(tx, actor, { organizationId: actor.organizationId, phone, contactId: id, action: 'consent_recorded', source: 'manual', note: body.consent.note });
      await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'consent.recorded', targetType: 'contact', targetId: id, details: { note: body.consent.note } });
    }
    return { contact: contactView(contact, await contactStanding(tx.em, contact), canSeeNumbers(actor)) };
  });
}
