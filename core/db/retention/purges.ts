// What the tick deletes so that no table grows without bound, each with its retention
// (docs/decisions/0066-retention-purges.md). Every purge deletes a batch at a time, each batch its own
// statement, so no purge holds locks long.
import type { Pool } from 'pg';
import { rows } from '../sql.ts';

export const PURGE_BATCH = 5_000;
const DAY_MS = 86_400_000;

/** Rows kept after they stop mattering. */
export const RETENTION = {
  /** Ended or expired sessions (the audit log keeps who signed in). */
  sessionsMs: 30 * DAY_MS,
  /** Events once fanned out to their deliveries (which carry what is sent); one not yet fanned out stays. */
  outboxEventsMs: 3 * DAY_MS,
  /** Finished webhook deliveries and their attempts: the delivery log looks back 30 days. */
  webhookDeliveriesMs: 30 * DAY_MS,
  /**
   * A receipt that never met its message, and the placeholders it left: its submit answer, even a late one (heard
   * for ten minutes), meets it at once, so one still waiting after two days is for an id we never recorded.
   */
  earlyReceiptsMs: 2 * DAY_MS,
  /** Provider ids of a final message: late repeats of its receipts still find it for this long. */
  providerIdsMs: 7 * DAY_MS,
  /** One-time codes past their expiry: a use is told from a wrong code for a day (CODES_LOOKED_BACK_MS), then none is needed. */
  oneTimeCodesMs: 2 * DAY_MS,
} as const;

interface Purge {
  name: string;
  /** Deletes at most `limit` rows due at `before` (or by the database's clock) and returns one row each. */
  sql: string;
  before?: (now: Date) => Date;
}

const PURGES: Purge[] = [
  {
    // A bucket idle for an hour has refilled (the slowest, a recipient's, refills in an hour): it is as good as
    // absent. Buckets follow the database's clock, like the rate limits themselves.
    name: 'rate_buckets',
    sql: `delete from rate_buckets where key in (
            select key from rate_buckets where updated_at < clock_timestamp() - interval '1 hour' limit ? for update skip locked)
          returning 1`,
  },
  {
    name: 'sessions',
    sql: `delete from sessions where id in (
            select id from sessions where least(ended_at, expires_at) < ? limit ? for update skip locked)
          returning 1`,
    before: (now) => new Date(now.getTime() - RETENTION.sessionsMs),
  },
  {
    name: 'outbox_events',
    sql: `delete from outbox_events where id in (
            select id from outbox_events where delivered_at is not null and created_at < ? limit ? for update skip locked)
          returning 1`,
    before: (now) => new Date(now.getTime() - RETENTION.outboxEventsMs),
  },
  {
    // A finished delivery goes with its attempts; pending ones (and those a member redelivers) stay.
    name: 'webhook_deliveries',
    sql: `with gone as (
            delete from webhook_deliveries where id in (
              select id from webhook_deliveries where status <> 'pending' and finished_at < ? limit ? for update skip locked)
            returning id),
          attempts as (delete from webhook_attempts where delivery_id in (select id from gone))
          select 1 from gone`,
    before: (now) => new Date(now.getTime() - RETENTION.webhookDeliveriesMs),
  },
  {
    name: 'early_receipts',
    sql: `delete from early_receipts where id in (select id from early_receipts where received_at < ? limit ? for update skip locked) returning 1`,
    before: (now) => new Date(now.getTime() - RETENTION.earlyReceiptsMs),
  },
  {
    name: 'receipt_placeholders',
    sql: `delete from message_provider_ids p where p.ctid = any(array(
            select ctid from message_provider_ids where waiting_since < ? limit ?))
          returning 1`,
    before: (now) => new Date(now.getTime() - RETENTION.earlyReceiptsMs),
  },
  {
    name: 'message_provider_ids',
    sql: `delete from message_provider_ids p where p.ctid = any(array(
            select p2.ctid from message_provider_ids p2 join messages m on m.organization_id = p2.organization_id and m.id = p2.message_id
            where m.final_at < ? limit ?))
          returning 1`,
    before: (now) => new Date(now.getTime() - RETENTION.providerIdsMs),
  },
  {
    // Dispatchers that stopped without retiring (killed): a day after their last word.
    name: 'dispatchers',
    sql: `delete from dispatchers where id in (
            select id from dispatchers where seen_at < clock_timestamp() - interval '1 day' limit ?)
          returning 1`,
  },
  {
    name: 'one_time_codes',
    sql: `delete from one_time_codes where id in (select id from one_time_codes where expires_at < ? limit ? for update skip locked) returning 1`,
    before: (now) => new Date(now.getTime() - RETENTION.oneTimeCodesMs),
  },
  {
    name: 'idempotency_records',
    sql: `delete from idempotency_records r where (r.organization_id, r.operation, r.key) in (
            select organization_id, operation, key from idempotency_records where expires_at <= ? limit ? for update skip locked)
          returning 1`,
    before: (now) => now,
  },
];

/** Runs every purge to the end, a batch at a time; how many rows each deleted. */
export async function purgeExpired(pool: Pool, now: Date, batch = PURGE_BATCH): Promise<Record<string, number>> {
  const purged: Record<string, number> = {};
  for (const purge of PURGES) {
    let total = 0;
    for (;;) {
      const params = purge.before ? [purge.before(now), batch] : [batch];
      const deleted = (await rows(pool, purge.sql, params)).length;
      total += deleted;
      if (deleted < batch) break;
    }
    purged[purge.name] = total;
  }
  return purged;
}
