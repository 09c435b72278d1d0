// Fanning outbox events out to webhook deliveries (hot path: two events a message), in one transaction on the
// pool: the turn taken, the events taken out of the outbox with the endpoints that want them, their subjects
// read, their deliveries written.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, nativePool, nativeTransaction, rows, type Runner } from '../sql.ts';
import { isContention } from '../contention.ts';

/** One fan-out at a time in the whole deployment (a transaction-scoped advisory lock): events leave in id order. */
const FAN_OUT_LOCK = 0x75_6a_6d_01;

export interface OutboxEventRow {
  id: string;
  organization_id: string;
  type: string;
  subject_id: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  endpoint_ids: string[];
}

/** The kinds of subject whose public resource an event carries, and the table of each. */
const SUBJECT_TABLES = { message: 'messages', contact_import: 'contact_imports', opt_out: 'opt_outs' } as const;
export type SubjectKind = keyof typeof SUBJECT_TABLES;
export const SUBJECT_KINDS = Object.keys(SUBJECT_TABLES) as SubjectKind[];

export interface SubjectKey {
  organization_id: string;
  id: string;
}

/** The rows of subjects of one kind, read in the fan-out's transaction. */
export type SubjectReader = (kind: SubjectKind, keys: SubjectKey[]) => Promise<{ id: string }[]>;

export interface NewDelivery {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  subject_id: string;
  webhook_id: string;
  body: string;
}

async function subjectRows(db: Runner, kind: SubjectKind, keys: SubjectKey[]): Promise<{ id: string }[]> {
  // By organization and id: the key of every tenant's table (messages have no index on id alone).
  return rows<{ id: string }>(
    db,
    `select t.* from ${SUBJECT_TABLES[kind]} t join jsonb_to_recordset(?::jsonb) as k(organization_id uuid, id uuid) on t.organization_id = k.organization_id and t.id = k.id`,
    [JSON.stringify(keys)],
  );
}

/**
 * Work some events bring about beyond their deliveries (the low-balance alert by SMS), done in the transaction
 * that takes them out of the outbox, whether or not an endpoint wants them: a fan-out run again never does it
 * twice. It runs within a savepoint: should it fail, its own writes are undone and `failed` hears why, and the
 * events still leave (a fault there must never hold up every organization's webhooks). Contention is the exception:
 * the whole fan-out runs again.
 */
export interface BesideFanOut {
  type: string;
  run: (events: OutboxEventRow[], tx: Runner) => Promise<void>;
  failed: (err: unknown) => void;
}

async function runBeside(tx: Runner, beside: BesideFanOut, events: OutboxEventRow[]): Promise<void> {
  const mine = events.filter((e) => e.type === beside.type);
  if (mine.length === 0) return;
  await exec(tx, 'savepoint beside_fan_out');
  try {
    await beside.run(mine, tx);
    await exec(tx, 'release savepoint beside_fan_out');
  } catch (err) {
    // Contention runs the whole fan-out again (nativeTransaction), this work with it.
    if (isContention(err)) throw err;
    await exec(tx, 'rollback to savepoint beside_fan_out');
    beside.failed(err);
  }
}

/**
 * Up to `limit` outbox events, oldest first, become deliveries to every enabled endpoint of their organization
 * that subscribes to their type, in the transaction that takes the events out of the outbox. An event no
 * endpoint wants is simply taken out. Taking them out (rather than marking them) keeps the outbox small and
 * writes the least: no row lock, no new row version, no index entry. `deliveriesOf` makes the deliveries of the
 * wanted events, reading their subjects in the transaction. `beside` is done for its type of event. Returns how many events it took
 * (0 when another fan-out had the turn).
 */
export async function fanOutEvents(
  em: EntityManager,
  now: Date,
  limit: number,
  deliveriesOf: (events: OutboxEventRow[], subjects: SubjectReader) => Promise<NewDelivery[]>,
  beside?: BesideFanOut,
): Promise<number> {
  const pool = await nativePool(em);
  return nativeTransaction(pool, async (tx) => {
    const [turn] = await rows<{ mine: boolean }>(tx, 'select pg_try_advisory_xact_lock(?) as mine', [FAN_OUT_LOCK]);
    if (!turn?.mine) return 0;
    const events = await rows<OutboxEventRow>(
      tx,
      `delete from outbox_events o where o.id in (select id from outbox_events where delivered_at is null order by id limit ?)
       returning o.id, o.organization_id, o.type, o.subject_id, o.payload,
         coalesce((select array_agg(w.id order by w.id) from webhook_endpoints w
           where w.organization_id = o.organization_id and w.deleted_at is null and w.enabled
             and (w.event_types = '{}' or o.type = any(w.event_types))), '{}') as endpoint_ids`,
      [limit],
    );
    if (beside) await runBeside(tx, beside, events);
    const wanted = events.filter((e) => e.endpoint_ids.length);
    if (wanted.length === 0) return events.length;
    const deliveries = await deliveriesOf(wanted, (kind, keys) => subjectRows(tx, kind, keys));
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
