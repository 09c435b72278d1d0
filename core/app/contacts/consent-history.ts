// Appends to a number's consent history (never updated or deleted): consents and opt-outs, recorded and cleared.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import type { ConsentAction } from '../../domain/consent.ts';
import { newId } from '../../db/ids.ts';
import { exec } from '../../db/sql.ts';

export interface ConsentEvent {
  organizationId: string;
  phone: string;
  contactId?: string | null;
  optOutId?: string | null;
  importId?: string | null;
  action: ConsentAction;
  source: 'manual' | 'import' | 'contact_deleted';
  note?: string | null;
  evidence?: string | null;
}

export async function appendConsentEvent(ctx: Ctx, actor: Actor, event: ConsentEvent): Promise<void> {
  const { actorType, actorId } = actorRef(actor);
  await exec(
    ctx.em,
    `insert into consent_records (id, organization_id, phone, contact_id, opt_out_id, import_id, action, source, note,
       evidence, actor_type, actor_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId(),
      event.organizationId,
      event.phone,
      event.contactId ?? null,
      event.optOutId ?? null,
      event.importId ?? null,
      event.action,
      event.source,
      event.note ?? null,
      event.evidence ?? null,
      actorType,
      actorId,
      ctx.now,
    ],
  );
}
