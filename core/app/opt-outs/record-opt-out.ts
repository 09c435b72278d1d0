// Record an opt-out for a number: a new one is created; a number already opted out returns the active one.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { unwrap } from '../../domain/errors.ts';
import { maskPhone, normalizeTanzanianMobile } from '../../domain/phone.ts';
import { newId } from '../../db/ids.ts';
import { contactIdOf } from '../../db/contacts/contacts.ts';
import { activeOptOut, insertOptOut } from '../../db/opt-outs/opt-outs.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { appendConsentEvent } from '../contacts/consent-history.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { optOutView, requireOptOut } from './opt-out-view.ts';
import { type TRecordOptOutBody } from '../../inputs/opt-outs.ts';

export const access: Access = { scopes: [], permission: 'opt_outs.write' };

export async function recordOptOut(ctx: Ctx, actor: TenantActor, body: TRecordOptOutBody) {
  const phone = unwrap(normalizeTanzanianMobile(body.phone, 'phone'));
  return inTransaction(ctx, async (tx) => {
    const full = canSeeNumbers(actor);
    const existing = await activeOptOut(tx.em, actor.organizationId, phone);
    if (existing) return { opt_out: optOutView(existing, full), created: false };
    const { actorType, actorId } = actorRef(actor);
    const id = newId();
    // Two requests at once meet at the partial unique index of active opt-outs; the second then returns the first's opt-out.
    if (!(await insertOptOut(tx.em, { id, organizationId: actor.organizationId, phone, reason: body.reason || null, actorType, actorId, now: tx.now }))) {
      const winner = await activeOptOut(tx.em, actor.organizationId, phone);
      return { opt_out: optOutView(winner!, full), created: false };
    }
    const contactId = await contactIdOf(tx.em, actor.organizationId, phone);
    await appendConsentEvent(tx, actor, { organizationId: actor.organizationId, phone, contactId, optOutId: id, action: 'opted_out', source: 'manual', note: body.reason || null });
    await addEvents(tx.em, tx.now, [{ organizationId: actor.organizationId, type: 'opt_out.recorded', data: { id } }]);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'opt_out.recorded', targetType: 'opt_out', targetId: id, details: { phone: maskPhone(phone), reason: body.reason ?? null } });
    return { opt_out: optOutView(await requireOptOut(tx, actor.organizationId, id), full), created: true };
  });
}
