// The answers of webhook attempts, written together in one transaction on the pool (hot path of the webhook
// sender): each attempt finished, its delivery moved on, and the endpoints' failing streaks kept or ended.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, nativePool, nativeTransaction, rows, type Runner } from '../sql.ts';

/** One attempt's answer and where it leaves its delivery (pending again at next_attempt_at, delivered, failed). */
export interface AnsweredAttempt {
  id: string;
  organization_id: string;
  started_at: Date;
  attempt: number;
  status: string;
  next_attempt_at: Date | null;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  snippet: string | null;
}

/** What an endpoint's answers of the batch came to: any success, any 410 Gone. */
export interface EndpointAnswers {
  id: string;
  ok: boolean;
  gone: boolean;
}

/** An endpoint these answers disabled, and why. */
export interface DisabledEndpoint {
  id: string;
  organization_id: string;
  reason: string;
}

/**
 * Writes the answers: attempts finished and deliveries moved on; an endpoint answering 410 is disabled, one failing
 * without a success since `disableIfFailingSince` too. `disabled` runs in the same transaction with the endpoints
 * these answers disabled (their audit events).
 */
export async function recordAnswers(
  em: EntityManager,
  now: Date,
  answers: AnsweredAttempt[],
  endpoints: EndpointAnswers[],
  disableIfFailingSince: Date,
  disabled: (tx: Runner, endpoints: DisabledEndpoint[]) => Promise<void>,
): Promise<void> {
  const pool = await nativePool(em);
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
      [now, JSON.stringify(answers), now, JSON.stringify(answers)],
    );
    const off = await rows<DisabledEndpoint>(
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
      [JSON.stringify(endpoints), now, now, disableIfFailingSince, now, disableIfFailingSince, now],
    );
    await disabled(tx, off);
  });
}
