// Clear an opt-out by id, with a reason and evidence: it is kept (never deleted) and cannot be cleared again.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { maskPhone } from '../../domain/phone.ts';
import { isActiveOptOut } from '../../domain/opt-outs.ts';
import { contactIdOf } from '../../db/contacts/contacts.ts';
import { markOptOutCleared } from '../../db/opt-outs/opt-outs.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { appendConsentEvent } from '../contacts/consent-history.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { optOutView, requireOptOut } from './opt-out-view.ts';
import { type TClearOptOutBody } from '../../inputs/opt-outs.ts';

export const access: Access = { scopes: [], permission: 'opt_outs.write' };

export async function clearOptOut(ctx: Ctx, actor: TenantActor, id: string, body: TClearOptOutBody) {
  return inTransaction(ctx, async (tx) => {
    const optOut = await requireOptOut(tx, actor.organizationId, id, true);
    if (!isActiveOptOut({ clearedAt: optOut.cleared_at })) throw new DomainError('already_cleared', 'This opt-out was already cleared; an opt-out is cleared once.');
    const { actorType, actorId } = actorRef(actor);
    await markOptOutCleared(tx.em, id, { now: tx.now, reason: body.reason, evidence: body.evidence, actorType, actorId });
    const contactId = await contactIdOf(tx.em, actor.organizationId, optOut.phone);
    await appendConsentEvent(tx, actor, {
      organizationId: actor.organizationId,
      phone: optOut.phone,
      contactId,
      optOutId: id,
      action: 'opt_out_cleared',
      source: 'manual',
      note: body.reason,
      evidence: body.evidence,
    });
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'opt_out.cleared',
      targetType: 'opt_out',
      targetId: id,
      details: { phone: maskPhone(optOut.phone), reason: body.reason, evidence: body.evidence },
    });
    return { opt_out: optOutView(await requireOptOut(tx, actor.organizationId, id), canSeeNumbers(actor)) };
  });
}
