// Everything a send checks, read in one round trip (hot path): route, window, organization, sender, plan, consent,
// and the request's used idempotency key. Every part is read for every send, with no branch on a parameter, so
// that PostgreSQL keeps one generic plan for the prepared statement instead of planning each send.
import type { Ctx } from '../context.ts';
import type { SmsRoute } from '../../domain/segments.ts';
import type { PricePlanRates } from '../../domain/pricing.ts';
import type { SenderIdRow } from '../sender-ids/sender-id-view.ts';
import { onePrepared, prepared } from '../../db/sql.ts';
import { USED_KEY_SQL, type IdempotencyScope, type UsedKey } from '../idempotency.ts';

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

interface Row {
  sms_route: SmsRoute;
  window_opens: string;
  window_closes: string;
  verified: boolean;
  frozen: boolean;
  available: string;
  sender: SendContext['sender'];
  plan: { transactional_unit: string; promotional_unit: string } | null;
  opted_out: boolean | null;
  has_consent: boolean | null;
  used_key: UsedKey | null;
}

const SEND_CONTEXT = prepared(
  'send-context',
  `select s.sms_route, s.window_opens, s.window_closes, o.verified, w.frozen, w.available,
     (select row_to_json(x) from (select name, status, transactional_approved, promotional_approved, route_approved
        from sender_ids where organization_id = o.id and upper(name) = upper(?)) x) as sender,
     (select row_to_json(p) from (select transactional_unit, promotional_unit
        from price_plans where organization_id = o.id order by version desc limit 1) p) as plan,
     exists (select 1 from opt_outs oo where oo.organization_id = o.id and oo.phone = ? and oo.cleared_at is null) as opted_out,
     (select r.action = 'consent_recorded' from contacts c join consent_records r on r.contact_id = c.id
        where c.organization_id = o.id and c.phone = ? and r.action in ('consent_recorded', 'consent_cleared')
        order by r.id desc limit 1) as has_consent,
     (select row_to_json(i) from (${USED_KEY_SQL}) i) as used_key
   from platform_settings s, organizations o join wallets w on w.organization_id = o.id
   where s.id and o.id = ?`,
);

export async function loadSendContext(
  ctx: Ctx,
  organizationId: string,
  from: string,
  to: string,
  idempotency?: IdempotencyScope,
): Promise<SendContext> {
  const row = await onePrepared<Row>(
    ctx.em,
    SEND_CONTEXT,
    [
      from, to, to,
      organizationId, idempotency?.operation ?? null, idempotency?.key ?? null, ctx.now,
      organizationId,
    ],
  );
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
