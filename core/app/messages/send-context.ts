// Everything a send checks, read in one round trip (hot path, core/db/messages/send-context.ts): route, window,
// organization, sender, the plan in force, opt-out and consent, and the request's used idempotency key; concurrent
// sends share the round trip.
import type { Ctx } from '../context.ts';
import type { SmsRoute } from '../../domain/segments.ts';
import type { PricePlanRates } from '../../domain/pricing.ts';
import type { SenderIdRow } from '../sender-ids/sender-id-view.ts';
import { readSendContext, readSendContexts } from '../../db/messages/send-context.ts';
import type { IdempotencyScope, UsedKey } from '../idempotency.ts';

export interface SendContext {
  route: SmsRoute;
  window: { opens: string; closes: string };
  verified: boolean;
  frozen: boolean;
  available: bigint;
  sender: Pick<SenderIdRow, 'name' | 'status' | 'transactional_approved' | 'promotional_approved' | 'route_approved'> | null;
  rates: PricePlanRates | null;
  optedOut: boolean;
  hasConsent: boolean;
  /** The request's idempotency record, when asked for. */
  usedKey: UsedKey | null;
}

export async function loadSendContext(
  ctx: Ctx,
  organizationId: string,
  from: string,
  to: string,
  idempotency?: IdempotencyScope,
): Promise<SendContext> {
  const request = { organization_id: organizationId, sender: from, phone: to, operation: idempotency?.operation ?? null, key: idempotency?.key ?? null, at: ctx.now };
  // Inside a transaction (a test send) the read joins it; otherwise it goes with the reads of concurrent sends.
  const row = ctx.em.isInTransaction() ? await readSendContext(ctx.em, request) : await readSendContexts(ctx.deps, request);
  if (!row) throw new Error(`organization ${organizationId} has no wallet or the platform has no settings`);
  return {
    route: row.sms_route,
    window: { opens: row.window_opens, closes: row.window_closes },
    verified: row.verified,
    frozen: row.frozen,
    available: BigInt(row.available),
    sender: row.sender,
    rates: row.plan ? { transactional: BigInt(row.plan.transactional_unit), promotional: BigInt(row.plan.promotional_unit) } : null,
    optedOut: row.opted_out === true,
    hasConsent: row.has_consent === true,
    usedKey: row.used_key,
  };
}
