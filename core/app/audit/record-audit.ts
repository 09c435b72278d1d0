// Appends one audit event: every change a member (or the operator) makes to keys, members, money or consent.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import { insertAuditEvent } from '../../db/audit/audit-events.ts';

export interface AuditInput {
  organizationId: string;
  action: string;
  targetType?: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export type ActorRef = ReturnType<typeof actorRef> | { actorType: 'system'; actorId: null };

/** `who` is the caller, or the member on whose behalf a background job acts. */
export async function recordAudit(ctx: Ctx, who: Actor | ActorRef, input: AuditInput): Promise<void> {
  await insertAudit(ctx.em, ctx.now, who, input);
}

/** The same, through any runner (a hot path's own transaction). */
export async function insertAudit(db: Parameters<typeof insertAuditEvent>[0], at: Date, who: Actor | ActorRef, input: AuditInput): Promise<void> {
  const { actorType, actorId } = 'kind' in who ? actorRef(who) : who;
  await insertAuditEvent(db, {
    organizationId: input.organizationId,
    actorType,
    actorId,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    details: input.details ?? {},
    at,
  });
}
