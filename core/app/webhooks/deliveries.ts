// The way of an event to its endpoints: outbox events fanned out to one delivery per subscribed endpoint,
// due deliveries claimed with a lease (FOR UPDATE SKIP LOCKED: several workers side by side), and each
// attempt's answer recorded. A delivery is done only on a 2xx; a worker that dies mid-attempt leaves its lease
// to run out, and the delivery is claimed again (at least once). Time is the injected clock's.
import type { Deps } from '../context.ts';
import type { MessageRow } from '../../db/messages/message-rows.ts';
import type { TenantActor } from '../actor.ts';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt, outcomeOf } from '../../domain/webhooks.ts';
import { newId, UUID_RE } from '../../db/ids.ts';
import { exec, nativePool, nativeTransaction, rows, type Runner } from '../../db/sql.ts';
import { insertAudit } from '../audit/record-audit.ts';
import { messageView } from '../messages/message-view.ts';
import { importView, type ImportRow } from '../imports/import-view.ts';
import { optOutView, type OptOutRow } from '../opt-outs/opt-out-view.ts';
import { open } from './secret-box.ts';

/** How long a claimed attempt may run before another worker may take the delivery again. */
export const LEASE_MS = 60_000;

interface EventRow {
  id: string;
  organization_id: string;
  type: string;
  subject_id: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  endpoint_ids: string[];
}

/** A message event's data is the message as an API key sees it (campaign numbers masked), in the event's status. */
const KEY_VIEWER = { kind: 'key', organizationId: '', keyId: '', mode: 'live', scopes: [] } as unknown as TenantActor;

/**
 * The public resource of each kind of subject, read when its events are fanned out (normally within a second
 * of the change) and shown as an API key would see it: numbers of campaign messages and opt-outs masked. The
 * event's own fields (its status) win over the row's, which may have moved on since.
 */
const SUBJECTS: Record<string, { table: string; view(row: never): Record<string, unknown> }> = {
  message: { table: 'messages', view: (row: MessageRow) => messageView(row, KEY_VIEWER) },
  contact_import: { table: 'contact_imports', view: (row: ImportRow) => importView(row) },
  opt_out: { table: 'opt_outs', view: (row: OptOutRow) => optOutView(row, false) },
};

async function eventData(db: Runner, events: EventRow[]): Promise<Map<string, Record<string, unknown>>> {
  const loaded = new Map<string, Record<string, unknown>>();
  for (const [kind, subject] of Object.entries(SUBJECTS)) {
    const keys = new Map(events.filter((e) => e.type.startsWith(`${kind}.`) && UUID_RE.test(e.subject_id)).map((e) => [e.subject_id, { organization_id: e.organization_id, id: e.subject_id }]));
    if (keys.size === 0) continue;
    // By organization and id: the key of every tenant's table (messages have no index on id alone).
    const found = await rows<{ id: string }>(
      db,
      `select t.* from ${subject.table} t join jsonb_to_recordset(?::jsonb) as k(organization_id uuid, id uuid) on t.organization_id = k.organization_id and t.id = k.id`,
      [JSON.stringify([...keys.values()])],
    );
    for (const row of found) loaded.set(`${kind}:${row.id}`, subject.view(row as never));
  }
  return new Map(events.map((e) => [e.id, { ...loaded.get(`${e.type.split('.')[0]}:${e.subject_id}`), ...e.payload.data }]));
}

/** One fan-out at a time in the whole deployment (a transaction-scoped advisory lock): events leave in id order. */
const FAN_OUT_LOCK = 0x75_6a_6d_01;

/** Events a fan-out takes at most. */
export const FAN_OUT_BATCH = 1000;

/**
 * Up to `limit` outbox events, oldest first, become deliveries to every enabled endpoint of their organization
 * that subscribes to their type, in the transaction that takes the events out of the outbox. An event no
 * endpoint wants is simply taken out. Taking them out (rather than marking them) keeps the outbox small and
 * writes the least: no row lock, no new row version, no index entry (hot path: two events a message).
 * Returns how many events it took (0 when another fan-out had the turn).
 */
export async function fanOut(deps: Deps, limit = FAN_OUT_BATCH): Promise<number> {
  const pool = await nativePool(deps.orm.em);
  const now = await deps.clock.now();
  return nativeTransaction(pool, async (tx) => {
    const [turn] = await rows<{ mine: boolean }>(tx, 'select pg_try_advisory_xact_lock(?) as mine', [FAN_OUT_LOCK]);
    if (!turn?.mine) return 0;
    const events = await rows<EventRow>(
      tx,
      `delete from outbox_events o where o.id in (select id from outbox_events where delivered_at is null order by id limit ?)
       returning o.id, o.organization_id, o.type, o.subject_id, o.payload,
         coalesce((select array_agg(w.id order by w.id) from webhook_endpoints w
           where w.organization_id = o.organization_id and w.deleted_at is null and w.enabled
             and (w.event_types = '{}' or o.type = any(w.event_types))), '{}') as endpoint_ids`,
      [limit],
    );
    const wanted = events.filter((e) => e.endpoint_ids.length);
    if (wanted.length === 0) return events.length;
    const data = await eventData(tx, wanted);
    const deliveries = wanted.flatMap((e) =>
      e.endpoint_ids.map((endpointId) => ({
        id: newId(),
        organization_id: e.organization_id,
        endpoint_id: endpointId,
        event_id: e.id,
        event_type: e.type,
        subject_id: e.subject_id,
        webhook_id: `msg_${e.id.replace(/-/g, '')}`,
        body: JSON.stringify({ type: e.payload.type, timestamp: e.payload.timestamp, data: data.get(e.id) }),
      })),
    );
    await exec(
      tx,
      `insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, subject_id, webhook_id, body, status, next_attempt_at, created_at)
       select x.id, x.organization_id, x.endpoint_id, x.event_id, x.event_type, x.subject_id, x.webhook_id, x.body, 'pending', ?, ?
       from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, endpoint_id uuid, event_id uuid, event_type text, subject_id text, webhook_id text, body text)`,
      [now, now, JSON.stringify(deliveries)],
    );
    return events.length;
  });
}

export interface ClaimedDelivery {
  /** When it was claimed, by the injected clock: its attempt's start. */
  startedAt: Date;
  id: string;
  organization_id: string;
  endpoint_id: string;
  webhook_id: string;
  body: string;
  attempt: number;
  url: string;
  /** The secrets that sign this attempt: the current one, and the previous one during a rotation's grace. */
  secrets: string[];
}

// Endpoint by endpoint (an index walk each, never a sort of every pending delivery): its room is what its leased
// deliveries leave of perEndpoint, filled with its oldest due deliveries whose subject has no earlier event
// pending. A backlog or a hanging endpoint costs the others nothing. Exported for the test of its plan.
export const CLAIM_DUE = `with open_endpoints as (
    select w.id, ?::int - (select count(*)::int from webhook_deliveries b
      where b.endpoint_id = w.id and b.status = 'pending' and b.lease_until is not null and b.lease_until > ?) as room
    from webhook_endpoints w where w.enabled and w.deleted_at is null
  ),
  picked as (
    select c.id from open_endpoints e cross join lateral (
      select d.id, d.next_attempt_at from webhook_deliveries d
      where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= ? and (d.lease_until is null or d.lease_until <= ?)
        and not exists (select 1 from webhook_deliveries p where p.endpoint_id = d.endpoint_id and p.subject_id = d.subject_id
          and p.status = 'pending' and p.event_id < d.event_id)
      order by d.next_attempt_at, d.event_id
      limit greatest(e.room, 0)
    ) c
    where e.room > 0
    order by c.next_attempt_at limit ?
  ),
  -- The picked rows by their key (= any of an array): a join would let the planner read the whole table.
  locked as (
    select id, lease_until as lost_lease from webhook_deliveries where id = any(array(select id from picked)) and status = 'pending'
    order by id for update skip locked
  ),
  leased as (
    update webhook_deliveries d set lease_until = ?, attempts = d.attempts + 1 from locked l
    where d.id = any(array(select id from locked)) and d.id = l.id
    returning d.id, d.organization_id, d.endpoint_id, d.webhook_id, d.body, d.attempts as attempt, l.lost_lease
  ),
  -- A lease that ran out without an answer: its attempt is recorded as started and never answered.
  lost as (
    insert into webhook_attempts (organization_id, delivery_id, number, started_at)
    select organization_id, id, attempt - 1, lost_lease - ?::interval from leased where lost_lease is not null
    on conflict (delivery_id, number) do nothing
  )
  select l.id, l.organization_id, l.endpoint_id, l.webhook_id, l.body, l.attempt, w.url, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_until
  from leased l join webhook_endpoints w on w.id = l.endpoint_id`;

export const claimParams = (now: Date, limit: number, perEndpoint: number) => [perEndpoint, now, now, now, limit, new Date(now.getTime() + LEASE_MS), `${LEASE_MS} milliseconds`];

/**
 * Due deliveries of enabled endpoints, at most `perEndpoint` in flight for each endpoint (so a slow endpoint
 * holds only its own share) and never one whose earlier event about the same subject is still pending for
 * that endpoint. Each claimed delivery gets a lease; its attempt is written with the answer.
 */
export async function claimDue(deps: Deps, limit: number, perEndpoint: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const pool = await nativePool(deps.orm.em);
  const now = await deps.clock.now();
  const claimed = await nativeTransaction(pool, (tx) =>
    rows<Omit<ClaimedDelivery, 'secrets' | 'url' | 'startedAt'> & { url: string; secret_sealed: string; previous_secret_sealed: string | null; previous_secret_until: Date | null }>(
      tx,
      CLAIM_DUE,
      claimParams(now, limit, perEndpoint),
    ),
  );
  const key = deps.config.webhookSecretsKey;
  return claimed.map(({ secret_sealed, previous_secret_sealed, previous_secret_until, ...d }) => ({
    startedAt: now,
    ...d,
    secrets: [
      open(key, d.endpoint_id, secret_sealed),
      ...(previous_secret_sealed && previous_secret_until && previous_secret_until > now ? [open(key, d.endpoint_id, previous_secret_sealed)] : []),
    ],
  }));
}

/** What one attempt came to: an answer (status) or none (error: timeout, refused address, connection). */
export interface AttemptResult {
  delivery: ClaimedDelivery;
  status: number | null;
  error: string | null;
  durationMs: number;
  snippet: string | null;
  retryAfterMs: number | null;
}

/**
 * The answers of attempts, written in one transaction: each attempt finished; a delivery delivered on a 2xx,
 * failed on 410 (its endpoint disabled) or after its last attempt, else due again on the schedule; endpoints
 * failing without a success for five days disabled, with an audit event.
 */
export async function recordAttempts(deps: Deps, results: AttemptResult[], random: () => number = Math.random): Promise<void> {
  if (results.length === 0) return;
  const pool = await nativePool(deps.orm.em);
  const now = await deps.clock.now();
  const deliveries = results.map((r) => {
    const outcome = r.status === null ? 'retry' : outcomeOf(r.status);
    const next = outcome === 'retry' ? nextAttemptAt(now, r.delivery.attempt, random(), r.retryAfterMs) : null;
    return {
      id: r.delivery.id,
      organization_id: r.delivery.organization_id,
      started_at: r.delivery.startedAt,
      attempt: r.delivery.attempt,
      status: outcome === 'delivered' ? 'delivered' : next ? 'pending' : 'failed',
      next_attempt_at: next,
      status_code: r.status,
      error: r.error,
      duration_ms: r.durationMs,
      snippet: r.snippet,
      endpoint_id: r.delivery.endpoint_id,
      gone: outcome === 'gone',
      ok: outcome === 'delivered',
    };
  });
  const endpoints = new Map<string, { ok: boolean; gone: boolean }>();
  for (const d of deliveries) {
    const e = endpoints.get(d.endpoint_id) ?? { ok: false, gone: false };
    endpoints.set(d.endpoint_id, { ok: e.ok || d.ok, gone: e.gone || d.gone });
  }
  await nativeTransaction(pool, async (tx) => {
    await exec(
      tx,
      // The attempt with its answer (an answer that comes after its lease ran out completes the row the next
      // claim wrote for it), then the delivery, unless another worker has claimed it since.
      `with finished as (
         insert into webhook_attempts (organization_id, delivery_id, number, status_code, error, duration_ms, response_snippet, started_at, finished_at)
         select x.organization_id, x.id, x.attempt, x.status_code, x.error, x.duration_ms, x.snippet, x.started_at, ?
         from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, id uuid, attempt int, status_code int, error text, duration_ms int, snippet text, started_at timestamptz)
         on conflict (delivery_id, number) do update set status_code = excluded.status_code, error = excluded.error, duration_ms = excluded.duration_ms,
           response_snippet = excluded.response_snippet, finished_at = excluded.finished_at
       )
       update webhook_deliveries d set status = x.status, next_attempt_at = coalesce(x.next_attempt_at, d.next_attempt_at), lease_until = null,
         last_status_code = x.status_code, last_error = x.error, finished_at = case when x.status = 'pending' then null else ?::timestamptz end
       from jsonb_to_recordset(?::jsonb) as x(id uuid, attempt int, status text, next_attempt_at timestamptz, status_code int, error text)
       where d.id = x.id and d.attempts = x.attempt and d.status = 'pending'`,
      [now, JSON.stringify(deliveries), now, JSON.stringify(deliveries)],
    );
    const disabled = await rows<{ id: string; organization_id: string; reason: string }>(
      tx,
      `with x as (select * from jsonb_to_recordset(?::jsonb) as x(id uuid, ok boolean, gone boolean)),
       updated as (
         update webhook_endpoints w set
           failing_since = case when x.ok then null else coalesce(w.failing_since, ?) end,
           enabled = case when x.gone or (not x.ok and coalesce(w.failing_since, ?) <= ?) then false else w.enabled end,
           disabled_reason = case
             when x.gone then 'the receiver answered 410 Gone'
             when not x.ok and coalesce(w.failing_since, ?) <= ? then 'failing for 5 days without a success'
             else w.disabled_reason end,
           updated_at = ?
         -- A success of an endpoint that was not failing changes nothing: its row is left alone.
         from x where w.id = x.id and w.deleted_at is null and (x.gone or not x.ok or w.failing_since is not null)
         returning w.id, w.organization_id, w.enabled, w.disabled_reason, x.gone, x.ok
       )
       select u.id, u.organization_id, u.disabled_reason as reason from updated u
       join webhook_endpoints before on before.id = u.id
       where not u.enabled and before.enabled`,
      [
        JSON.stringify([...endpoints].map(([id, e]) => ({ id, ...e }))),
        now, now, new Date(now.getTime() - DISABLE_AFTER_FAILING_MS), now, new Date(now.getTime() - DISABLE_AFTER_FAILING_MS), now,
      ],
    );
    for (const e of disabled) {
      await insertAudit(tx, now, { actorType: 'system', actorId: null }, {
        organizationId: e.organization_id,
        action: 'webhook_endpoint.disabled',
        targetType: 'webhook_endpoint',
        targetId: e.id,
        details: { reason: e.reason },
      });
    }
  });
}
