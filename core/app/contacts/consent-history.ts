// Appends to a number's consent history (never updated or deleted): consents and opt-outs, recorded and cleared.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import type { ActorRef } from '../audit/record-audit.ts';
import type { ConsentAction } from '../../domain/consent.ts';
import { insertConsentRecord, type ConsentSource } from '../../db/contacts/consent-records.ts';

export interface ConsentEvent {
  organizationId: string;
  phone: string;
  contactId?: string | null;
  optOutId?: string | null;
  importId?: string | null;
  action: ConsentAction;
  source: ConsentSource;
  note?: string | null;
  evidence?: string | null;
}

/** `who` is the caller, or the system (a keyword the number itself sent). */
export async function appendConsentEvent(ctx: Ctx, who: Actor | ActorRef, event: ConsentEvent): Promise<void> {
  const { actorType, actorId } = 'kind' in who ? actorRef(who) : who;
  await insertConsentRecord(ctx.em, {
    organizationId: event.organizationId,
    phone: event.phone,
    contactId: event.contactId ?? null,
    optOutId: event.optOutId ?? null,
    importId: event.importId ?? null,
    action: event.action,
    source: event.source,
    note: event.note ?? null,
    evidence: event.evidence ?? null,
    actorType,
    actorId,
    createdAt: ctx.now,
  });
}
