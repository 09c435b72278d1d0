// The way of an event to its endpoints: outbox events fanned out to one delivery per subscribed endpoint,
// due deliveries claimed with a lease (FOR UPDATE SKIP LOCKED: several workers side by side), and each
// attempt's answer recorded. A delivery is done only on a 2xx; a worker that dies mid-attempt leaves its lease
// to run out, and the delivery is claimed again (at least once). Time is the injected clock's.
import type { Deps } from '../context.ts';
import type { MessageRow } from '../../db/messages/message-rows.ts';
import type { TenantActor } from '../actor.ts';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt, outcomeOf } from '../../domain/webhooks.ts';
import { newId, UUID_RE } from '../../db/ids.ts';
import { claimDueDeliveries, type ClaimedRow } from '../../db/webhooks/claim.ts';
import { fanOutEvents, type BesideFanOut, type NewDelivery, type OutboxEventRow, type SubjectKind, type SubjectReader } from '../../db/webhooks/fan-out.ts';
import { recordAnswers } from '../../db/webhooks/record-answers.ts';
import { insertAudit } from '../audit/record-audit.ts';
import { messageView } from '../messages/message-view.ts';
import { importView, type ImportRow } from '../imports/import-view.ts';
import { optOutView, type OptOutRow } from '../opt-outs/opt-out-view.ts';
import { open } from './secret-box.ts';
import { LOW_BALANCE_EVENT, queueLowBalanceAlerts } from '../wallet/sms-alerts/low-balance-alerts.ts';

/** A message event's data is the message as an API key sees it (campaign numbers masked), in the event's status. */
const KEY_VIEWER = { kind: 'key', organizationId: '', keyId: '', mode: 'live', scopes: [] } as unknown as TenantActor;

/**
 * The public resource of each kind of subject, read when its events are fanned out (normally within a second
 * of the change) and shown as an API key would see it: numbers of campaign messages and opt-outs masked. The
 * event's own fields (its status) win over the row's, which may have moved on since.
 */
const SUBJECTS: Record<SubjectKind, (row: never) => Record<string, unknown>> = {
  message: (row: MessageRow) => messageView(row, KEY_VIEWER),
  contact_import: (row: ImportRow) => importView(row),
  opt_out: (row: OptOutRow) => optOutView(row, false),
};

async function eventData(events: OutboxEventRow[], subjects: SubjectReader): Promise<Map<string, Record<string, unknown>>> {
  const loaded = new Map<string, Record<string, unknown>>();
  for (const [kind, view] of Object.entries(SUBJECTS) as [SubjectKind, (row: never) => Record<string, unknown>][]) {
    const keys = new Map(events.filter((e) => e.type.startsWith(`${kind}.`) && UUID_RE.test(e.subject_id)).map((e) => [e.subject_id, { organization_id: e.organization_id, id: e.subject_id }]));
    if (keys.size === 0) continue;
    for (const row of await subjects(kind, [...keys.values()])) loaded.set(`${kind}:${row.id}`, view(row as never));
  }
  return new Map(events.map((e) => [e.id, { ...loaded.get(`${e.type.split('.')[0]}:${e.subject_id}`), ...e.payload.data }]));
}

/** Events a fan-out takes at most. */
export const FAN_OUT_BATCH = 1000;

/**
 * The low-balance alert by SMS, texted as its event leaves the outbox (every organization's, endpoints or not). A
 * fault in it is written to the log (its message alone, never an SMS's words) and the fan-out goes on.
 */
const lowBalanceAlerts = (deps: Deps, now: Date): BesideFanOut => ({
  type: LOW_BALANCE_EVENT,
  run: async (events, tx) => void (await queueLowBalanceAlerts(deps, { db: tx, now }, events)),
  failed: (err) =>
    process.stderr.write(`${JSON.stringify({ time: now.toISOString(), message: 'low-balance SMS alerts failed', error: (err as Error)?.message ?? String(err) })}\n`),
});

/**
 * Up to `limit` outbox events, oldest first, become deliveries to every enabled endpoint of their organization
 * that subscribes to their type, in the transaction that takes the events out of the outbox; each delivery's
 * body is the event with its subject as an API key sees it. The low-balance events text their alerts in that
 * transaction too. Returns how many events it took (0 when another fan-out had the turn).
 */
export async function fanOut(deps: Deps, limit = FAN_OUT_BATCH): Promise<number> {
  const now = await deps.clock.now();
  return fanOutEvents(deps.orm.em, now, limit, async (wanted, subjects) => {
    const data = await eventData(wanted, subjects);
    return wanted.flatMap((e) =>
      e.endpoint_ids.map((endpointId): NewDelivery => ({
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
  }, lowBalanceAlerts(deps, now));
}

/** A claimed delivery as the sender posts it: its secrets opened, the sealed ones left behind. */
export interface ClaimedDelivery extends Omit<ClaimedRow, 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_until'> {
  /** When it was claimed, by the injected clock: its attempt's start. */
  startedAt: Date;
  /** The secrets that sign this attempt: the current one, and the previous one during a rotation's grace. */
  secrets: string[];
}

/**
 * Due deliveries of enabled endpoints, at most `perEndpoint` in flight for each endpoint (so a slow endpoint
 * holds only its own share) and never one whose earlier event about the same subject is still pending for
 * that endpoint. Each claimed delivery gets a lease; its attempt is written with the answer.
 */
export async function claimDue(deps: Deps, limit: number, perEndpoint: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const now = await deps.clock.now();
  const claimed = await claimDueDeliveries(deps.orm.em, now, limit, perEndpoint);
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
  const disableIfFailingSince = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS);
  await recordAnswers(deps.orm.em, now, deliveries, [...endpoints].map(([id, e]) => ({ id, ...e })), disableIfFailingSince, async (tx, disabled) => {
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
