// The one way an opt-out is recorded or cleared, whoever asks: a member or key by hand (record-opt-out.ts,
// clear-opt-out.ts), or the number itself by an SMS keyword (the system acts, inbound/apply-keyword.ts). Each
// writes the opt-out, the number's consent history, the opt_out.recorded event and the audit, in the caller's
// transaction.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import { maskPhone } from '../../domain/phone.ts';
import { newId } from '../../db/ids.ts';
import { contactIdOf } from '../../db/contacts/contacts.ts';
import { activeOptOut, insertOptOut, markOptOutCleared, type OptOutRow, type OptOutSource } from '../../db/opt-outs/opt-outs.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { recordAudit, type ActorRef } from '../audit/record-audit.ts';
import { appendConsentEvent } from '../contacts/consent-history.ts';

export type Who = Actor | ActorRef;

const refOf = (who: Who) => ('kind' in who ? actorRef(who) : who);

export interface NewOptOut {
  organizationId: string;
  /** E.164. */
  phone: string;
  source: OptOutSource;
  reason: string | null;
  /** What shows it was asked (the message that asked), kept in the consent history. */
  evidence?: string | null;
}

/** A new active opt-out, or the number's active one (created false): a number is opted out once. */
export async function writeOptOut(tx: Ctx, who: Who, o: NewOptOut): Promise<{ optOut: OptOutRow; created: boolean }> {
  const existing = await activeOptOut(tx.em, o.organizationId, o.phone);
  if (existing) return { optOut: existing, created: false };
  const { actorType, actorId } = refOf(who);
  const id = newId();
  // Two requests at once meet at the partial unique index of active opt-outs; the second then returns the first's opt-out.
  if (!(await insertOptOut(tx.em, { id, organizationId: o.organizationId, phone: o.phone, source: o.source, reason: o.reason, actorType, actorId, now: tx.now }))) {
    return { optOut: (await activeOptOut(tx.em, o.organizationId, o.phone))!, created: false };
  }
  const contactId = await contactIdOf(tx.em, o.organizationId, o.phone);
  await appendConsentEvent(tx, who, { organizationId: o.organizationId, phone: o.phone, contactId, optOutId: id, action: 'opted_out', source: o.source, note: o.reason, evidence: o.evidence ?? null });
  await addEvents(tx.em, tx.now, [{ organizationId: o.organizationId, type: 'opt_out.recorded', data: { id } }]);
  await recordAudit(tx, who, {
    organizationId: o.organizationId,
    action: 'opt_out.recorded',
    targetType: 'opt_out',
    targetId: id,
    details: { phone: maskPhone(o.phone), reason: o.reason },
  });
  return { optOut: (await activeOptOut(tx.em, o.organizationId, o.phone))!, created: true };
}

export interface Clearance {
  reason: string;
  evidence: string;
  source: OptOutSource;
}

/** Clears an active opt-out the caller holds locked (it is kept, never deleted). */
export async function writeClearance(tx: Ctx, who: Who, optOut: OptOutRow, c: Clearance): Promise<void> {
  const { actorType, actorId } = refOf(who);
  await markOptOutCleared(tx.em, optOut.id, { now: tx.now, reason: c.reason, evidence: c.evidence, actorType, actorId });
  const contactId = await contactIdOf(tx.em, optOut.organization_id, optOut.phone);
  await appendConsentEvent(tx, who, {
    organizationId: optOut.organization_id,
    phone: optOut.phone,
    contactId,
    optOutId: optOut.id,
    action: 'opt_out_cleared',
    source: c.source,
    note: c.reason,
    evidence: c.evidence,
  });
  await recordAudit(tx, who, {
    organizationId: optOut.organization_id,
    action: 'opt_out.cleared',
    targetType: 'opt_out',
    targetId: optOut.id,
    details: { phone: maskPhone(optOut.phone), reason: c.reason, evidence: c.evidence },
  });
}
