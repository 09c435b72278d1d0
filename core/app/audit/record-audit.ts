// Appends one audit event: every change a member (or the operator) makes to keys, members, money or consent.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import { newId } from '../../db/ids.ts';
import { exec, type Runner } from '../../db/sql.ts';

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
export async function insertAudit(db: Runner, at: Date, who: Actor | ActorRef, input: AuditInput): Promise<void> {
  const { actorType, actorId } = 'kind' in who ? actorRef(who) : who;
  await exec(
    db,
    `insert into audit_events (id, organization_id, actor_type, actor_id, action, target_type, target_id, details, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
    [
      newId(),
      input.organizationId,
      actorType,
      actorId,
      input.action,
      input.targetType ?? null,
      input.targetId ?? null,
      JSON.stringify(input.details ?? {}),
      at,
    ],
  );
}
