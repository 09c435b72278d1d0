// Appends to a number's consent history (never updated or deleted): consents and opt-outs, recorded and cleared.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { actorRef } from '../actor.ts';
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

export async function appendConsentEvent(ctx: Ctx, actor: Actor, event: ConsentEvent): Promise<void> {
  const { actorType, actorId } = actorRef(actor);
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
