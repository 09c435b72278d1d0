// Where a receipt meets its submit answer. Answers store each part's provider id; a receipt that finds none leaves
// a placeholder under every form of its id. Both go through the unique index on (smsc, provider_id), so whichever
// of two processes writes second waits for the first to commit and then sees its row: a receipt on one worker and
// its answer on another never miss each other (the answer's transaction takes the early receipt at once).
import type { Runner } from '../sql.ts';
import { exec, rows } from '../sql.ts';

export interface ProviderIdRow {
  smsc: string;
  provider_id: string;
  organization_id: string;
  message_id: string;
  part: number;
}

/**
 * Hot path. Rows in key order, so two transactions writing overlapping keys wait for each other instead of
 * deadlocking. An SMSC that gives an id again (its counter wrapped) means the new message: the old one is long
 * final; a placeholder simply becomes the part.
 */
export async function storeProviderIds(tx: Runner, ids: ProviderIdRow[]): Promise<void> {
  if (ids.length === 0) return;
  await exec(
    tx,
    `insert into message_provider_ids (smsc, provider_id, organization_id, message_id, part, waiting_since)
     select x.smsc, x.provider_id, x.organization_id, x.message_id, x.part, null
     from jsonb_to_recordset(?::jsonb) as x(smsc text, provider_id text, organization_id uuid, message_id uuid, part int)
     order by x.smsc collate "C", x.provider_id collate "C"
     on conflict (smsc, provider_id)
       do update set organization_id = excluded.organization_id, message_id = excluded.message_id, part = excluded.part, waiting_since = null`,
    [JSON.stringify(ids)],
  );
}

/**
 * Placeholders for receipts that found no part: the first statement of its own transaction (nothing else held, so
 * it waits on an answer's transaction without a cycle). A key already there (a placeholder an earlier receipt left,
 * or a part) is locked, not skipped: an answer written meanwhile must wait for this transaction either way, or it
 * would look for early receipts before ours are committed and never see them. Returns once every key is either
 * placed or locked by us, the caller then reading the committed rows. A key's `since` (its receipt's arrival,
 * when that was earlier) dates a new placeholder, so it never outlives its receipt's retention.
 */
export async function placeWaiting(tx: Runner, keys: { smsc: string; provider_id: string; since?: Date }[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  const unique = [...new Map(keys.map((k) => [`${k.smsc}\u0000${k.provider_id}`, k])).values()];
  await rows(
    tx,
    `insert into message_provider_ids (smsc, provider_id, waiting_since)
     select x.smsc, x.provider_id, coalesce(x.since, ?) from jsonb_to_recordset(?::jsonb) as x(smsc text, provider_id text, since timestamptz)
     order by x.smsc collate "C", x.provider_id collate "C"
     -- "where false" updates nothing but still locks the row that is there (PostgreSQL's ON CONFLICT DO UPDATE).
     on conflict (smsc, provider_id) do update set waiting_since = message_provider_ids.waiting_since where false
     returning 1`,
    [at, JSON.stringify(unique)],
  );
}
