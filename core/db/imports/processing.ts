// An import's processing (hot path): its staged rows read in chunks, its counts and state written, its cells cleared.
// Processing goes around the ORM on its pg pool: the address book changes in one transaction on one client,
// while the pool reads and prepares the next chunk and writes the counts that callers follow.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { MAX_PHONE_CELL, type StagedRow } from '../../domain/import-rows.ts';
import { exec, nativePool, nativeTransaction, one, pgArray, rows, type Runner } from '../sql.ts';
import type { Mapping } from './apply-chunk.ts';
import { IMPORT_COUNTS, type ImportCounts } from './imports.ts';

/** The ORM's own pg pool, on which processing runs. */
export function importPool(em: EntityManager): Promise<Pool> {
  return nativePool(em);
}

/** One transaction on one pooled client, run again whole after contention. */
export function inImportTransaction<T>(pool: Pool, fn: (tx: Runner) => Promise<T>): Promise<T> {
  return nativeTransaction(pool, fn);
}

export async function countStagedRows(db: Runner, importId: string): Promise<number | undefined> {
  const staged = await one<{ n: number }>(db, 'select count(*)::int as n from contact_import_rows where import_id = ?', [importId]);
  return staged?.n;
}

/** Up to `limit` staged rows after a row number: each row's line, count of cells, and its phone, name, consent and field cells. */
export async function readStagedChunk(db: Runner, importId: string, mapping: Mapping, after: number, limit: number): Promise<(StagedRow & { row_no: number; line: number })[]> {
  const consentIndex = mapping.consent_index ?? null;
  const fieldIndexes = (mapping.fields ?? []).map((f) => f.index + 1);
  const found = await rows<StagedRow & { row_no: number; line: number }>(
    db,
    `select row_no, line, cardinality(cells) as values, cells[?] as phone, cells[?] as name, cells[?] as consent,
       case when cardinality(?::int[]) > 0 then array(select cells[i] from unnest(?::int[]) with ordinality as f(i, o) order by o) end as fields
     from contact_import_rows where import_id = ? and row_no > ? order by row_no limit ?`,
    [
      mapping.phone_index + 1,
      mapping.name_index === null ? 0 : mapping.name_index + 1,
      consentIndex === null ? 0 : consentIndex + 1,
      pgArray(fieldIndexes.map(String)),
      pgArray(fieldIndexes.map(String)),
      importId,
      after,
      limit,
    ],
  );
  // Without a consent column the cell is not read at all, which the row's classification tells apart from an empty cell.
  if (consentIndex === null) for (const r of found) delete r.consent;
  return found;
}

export async function saveCounts(db: Runner, importId: string, counts: ImportCounts): Promise<void> {
  await exec(db, `update contact_imports set ${IMPORT_COUNTS.map((k) => `${k} = ?`).join(', ')} where id = ?`, [...IMPORT_COUNTS.map((k) => counts[k]), importId]);
}

export async function markProcessing(db: Runner, importId: string, now: Date): Promise<void> {
  await exec(db, "update contact_imports set state = 'processing', started_at = coalesce(started_at, ?) where id = ?", [now, importId]);
}

export async function markCompleted(db: Runner, importId: string, now: Date, expiresAt: Date): Promise<void> {
  await exec(db, "update contact_imports set state = 'completed', completed_at = ?, expires_at = ? where id = ?", [now, expiresAt, importId]);
}

export async function markFailed(db: Runner, importId: string, error: Record<string, unknown>, now: Date, expiresAt: Date): Promise<void> {
  await exec(db, "update contact_imports set state = 'failed', error = ?::jsonb, completed_at = ?, expires_at = ? where id = ?", [
    JSON.stringify(error),
    now,
    expiresAt,
    importId,
  ]);
}

/**
 * After processing only the phone cell of each row stays, until the import is purged. Done after
 * the address book commits, outside its transaction; the retention task catches an import whose
 * process died in between.
 */
export async function keepOnlyPhoneCells(db: Runner, importId: string): Promise<void> {
  await exec(
    db,
    `update contact_import_rows r set phone_cell = left(r.cells[coalesce((i.mapping->>'phone_index')::int, 0) + 1], ?), cells = null
     from contact_imports i
     where i.id = ? and r.import_id = i.id and i.state in ('completed', 'failed') and r.cells is not null`,
    [MAX_PHONE_CELL, importId],
  );
  await exec(db, "update contact_imports set cells_cleared = true where id = ? and state in ('completed', 'failed')", [importId]);
}
