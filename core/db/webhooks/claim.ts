// Claiming due webhook deliveries (hot path of the webhook sender): one set-based statement on the pool that
// leases each endpoint's share of its due deliveries and records the attempts whose lease ran out unanswered.
import type { EntityManager } from '@mikro-orm/postgresql';
import { nativePool, nativeTransaction, rows } from '../sql.ts';

/** How long a claimed attempt may run before another worker may take the delivery again. */
export const LEASE_MS = 60_000;

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

/** A claimed delivery as the statement returns it: its endpoint's URL and sealed secrets with it. */
export interface ClaimedRow {
  id: string;
  organization_id: string;
  endpoint_id: string;
  webhook_id: string;
  body: string;
  attempt: number;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
}

/**
 * Due deliveries of enabled endpoints, at most `perEndpoint` in flight for each endpoint (so a slow endpoint
 * holds only its own share) and never one whose earlier event about the same subject is still pending for
 * that endpoint. Each claimed delivery gets a lease; its attempt is written with the answer.
 */
export async function claimDueDeliveries(em: EntityManager, now: Date, limit: number, perEndpoint: number): Promise<ClaimedRow[]> {
  const pool = await nativePool(em);
  return nativeTransaction(pool, (tx) => rows<ClaimedRow>(tx, CLAIM_DUE, claimParams(now, limit, perEndpoint)));
}
