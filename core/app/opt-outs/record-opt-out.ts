// Record an opt-out for a number: a new one is created; a number already opted out returns the active one.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { unwrap } from '../../domain/errors.ts';
import { maskPhone, normalizeTanzanianMobile } from '../../domain/phone.ts';
import { newId } from '../../db/ids.ts';
import { one } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { appendConsentEvent } from '../contacts/consent-history.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { activeOptOut, findOptOut, optOutView } from './opt-out-view.ts';

export const access: Access = { scopes: [], permission: 'opt_outs.write' };

export const ZRecordOptOutBody = z.strictObject({
  phone: z.string().max(40),
  reason: z.string().trim().max(500).optional(),
});
export type TRecordOptOutBody = z.infer<typeof ZRecordOptOutBody>;

export async function recordOptOut(ctx: Ctx, actor: TenantActor, body: TRecordOptOutBody) {
  const phone = unwrap(normalizeTanzanianMobile(body.phone, 'phone'));
  return inTransaction(ctx, async (tx) => {
    const full = canSeeNumbers(actor);
    const existing = await activeOptOut(tx, actor.organizationId, phone);
    if (existing) return { opt_out: optOutView(existing, full), created: false };
    const { actorType, actorId } = actorRef(actor);
    const id = newId();
    // Two requests at once meet at the partial unique index of active opt-outs (the only key a new id can
    // collide with); the second then returns the first's opt-out.
    const inserted = await one<{ id: string }>(
      tx.em,
      `insert into opt_outs (id, organization_id, phone, source, reason, created_by_type, created_by_id, created_at)
       values (?, ?, ?, 'manual', ?, ?, ?, ?)
       on conflict do nothing returning id`,
      [id, actor.organizationId, phone, body.reason || null, actorType, actorId, tx.now],
    );
    if (!inserted) {
      const winner = await activeOptOut(tx, actor.organizationId, phone);
      return { opt_out: optOutView(winner!, full), created: false };
    }
    const contact = await one<{ id: string }>(tx.em, 'select id from contacts where organization_id = ? and phone = ?', [actor.organizationId, phone]);
    await appendConsentEvent(tx, actor, { organizationId: actor.organizationId, phone, contactId: contact?.id ?? null, optOutId: id, action: 'opted_out', source: 'manual', note: body.reason || null });
    await addEvents(tx.em, tx.now, [{ organizationId: actor.organizationId, type: 'opt_out.recorded', data: { id } }]);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'opt_out.recorded', targetType: 'opt_out', targetId: id, details: { phone: maskPhone(phone), reason: body.reason ?? null } });
    return { opt_out: optOutView(await findOptOut(tx, actor.organizationId, id), full), created: true };
  });
}
