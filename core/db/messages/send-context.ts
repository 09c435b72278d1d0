// Everything a send checks, read in one round trip (hot path): route, window, organization, sender, the plan in
// force, opt-out and consent (the rules of migration 0024, inlined by PostgreSQL), and the request's used
// idempotency key; concurrent sends share the round trip. Every part is read for every send, with no branch on
// a parameter, so that PostgreSQL keeps one generic plan for the prepared statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SmsRoute } from '../../domain/segments.ts';
import { one, prepared, rows } from '../sql.ts';
import { coalesced } from '../coalesce.ts';

export interface SendContextRow {
  sms_route: SmsRoute;
  window_opens: string;
  window_closes: string;
  verified: boolean;
  frozen: boolean;
  available: string;
  sender: { name: string; status: 'requested' | 'approved' | 'rejected'; transactional_approved: boolean; promotional_approved: boolean; route_approved: boolean } | null;
  plan: { transactional_unit: string; promotional_unit: string } | null;
  opted_out: boolean | null;
  has_consent: boolean | null;
  used_key: { fingerprint: string; result: string | null } | null;
}

const SEND_CONTEXT = `select s.sms_route, s.window_opens, s.window_closes, o.verified, w.frozen, w.available,
     (select row_to_json(x) from (select name, status, transactional_approved, promotional_approved, route_approved
        from sender_ids where organization_id = o.id and upper(name) = upper(r.sender)) x) as sender,
     (select row_to_json(p) from (select transactional_unit, promotional_unit from price_plan_in_force(o.id)) p) as plan,
     exists (select 1 from active_opt_out(o.id, r.phone)) as opted_out,
     (select consented from number_consented(o.id, r.phone)) as has_consent,
     (select row_to_json(u) from (select fingerprint, result from idempotency_records
        where organization_id = o.id and operation = r.operation and key = r.key and expires_at > r.at) u) as used_key`;

// Hot path: what many concurrent sends check, read by one statement (one row per request, in request order).
const SEND_CONTEXTS = prepared(
  'send-contexts',
  `${SEND_CONTEXT}, r.i
   from jsonb_to_recordset(?::jsonb) as r(i int, organization_id uuid, sender text, phone text, operation text, key text, at timestamptz)
   join organizations o on o.id = r.organization_id join wallets w on w.organization_id = o.id, platform_settings s
   where s.id`,
);

/** One send's context, read inside its transaction (a test send). */
export const ONE_SEND_CONTEXT = `${SEND_CONTEXT}
   from (select ?::uuid as organization_id, ?::text as sender, ?::text as phone, ?::text as operation, ?::text as key, ?::timestamptz as at) r
   join organizations o on o.id = r.organization_id join wallets w on w.organization_id = o.id, platform_settings s
   where s.id`;

export interface SendContextRequest {
  organization_id: string;
  sender: string;
  phone: string;
  operation: string | null;
  key: string | null;
  at: Date;
}

/** One send's context in the caller's transaction. */
export function readSendContext(em: EntityManager, request: SendContextRequest): Promise<SendContextRow | undefined> {
  return one<SendContextRow>(em, ONE_SEND_CONTEXT, [request.organization_id, request.sender, request.phone, request.operation, request.key, request.at]);
}

/** One send's context, read on the pool with those of the sends that arrive meanwhile (`(deps, request)`). */
export const readSendContexts = coalesced<SendContextRequest, SendContextRow | undefined>(async (pool, requests) => {
  const found = await rows<SendContextRow & { i: number }>(pool, SEND_CONTEXTS, [JSON.stringify(requests.map((r, i) => ({ ...r, i })))]);
  const byIndex = new Map(found.map((r) => [r.i, r]));
  return requests.map((_, i) => byIndex.get(i));
});
