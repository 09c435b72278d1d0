// Events for webhooks (Standard Webhooks payload `{type, timestamp, data}`), written with the change they describe.
import type { Runner } from '../sql.ts';
import { exec } from '../sql.ts';
import { newId } from '../ids.ts';

export interface OutboxEvent {
  organizationId: string;
  type: string;
  data: Record<string, unknown>;
  /** What the event is about, when not `data.id`: one subject's events reach an endpoint in order. */
  subjectId?: string;
}

/** The outbox rows of these events as one JSON parameter of `insertOutboxEvents`. */
export function outboxRows(at: Date, events: OutboxEvent[]): string {
  return JSON.stringify(
    events.map((e) => {
      const id = newId();
      return { id, organization_id: e.organizationId, type: e.type, subject_id: e.subjectId ?? String(e.data.id ?? id), payload: { type: e.type, timestamp: at.toISOString(), data: e.data } };
    }),
  );
}

/** The insert of `outboxRows` (its created_at and rows as the two parameters), alone or inside a larger statement. */
export const insertOutboxEvents = `insert into outbox_events (id, organization_id, type, subject_id, payload, created_at)
  select x.id, x.organization_id, x.type, x.subject_id, x.payload, ? from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, type text, subject_id text, payload jsonb)`;

export async function addEvents(db: Runner, at: Date, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await exec(db, insertOutboxEvents, [at, outboxRows(at, events)]);
}
