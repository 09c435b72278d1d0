// The processing of an import (a worker job): every row classified, the address book changed in one transaction.
import type { Ctx, Deps } from '../context.ts';
import { inTransaction, newCtx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_PHONE_CELL, classifyImportRow, type StagedRow } from '../../domain/import-rows.ts';
import { exec, nativePool, nativeTransaction, one, rows, type Runner } from '../../db/sql.ts';
import { insertAudit } from '../audit/record-audit.ts';
import type { ImportCounts, ImportRow } from './import-view.ts';
import { IMPORT_COUNTS } from './import-view.ts';
import { RETENTION_MS } from './import-limits.ts';
import { applyChunk, prepareChunk, type Mapping } from './apply-import-chunk.ts';
import { addEvents, type OutboxEvent } from '../../db/messages/outbox.ts';

const CHUNK_ROWS = 5000;

const zeroCounts = (): ImportCounts => Object.fromEntries(IMPORT_COUNTS.map((k) => [k, 0])) as ImportCounts;

async function saveCounts(db: Runner, importId: string, counts: ImportCounts): Promise<void> {
  await exec(db, `update contact_imports set ${IMPORT_COUNTS.map((k) => `${k} = ?`).join(', ')} where id = ?`, [...IMPORT_COUNTS.map((k) => counts[k]), importId]);
}

/**
 * All or nothing: a job that dies half way rolls back and starts again, so no group is ever half
 * filled. Hot path, on the ORM's pg pool directly: the transaction on one client, while another
 * reads, classifies and prepares the next chunk (staged rows are committed and read-only here) and
 * writes the counts that callers follow.
 */
async function processAll(ctx: Ctx, row: ImportRow): Promise<void> {
  const mapping = row.mapping as unknown as Mapping;
  const columns = row.columns?.length ?? 0;
  const counts = zeroCounts();
  const pool = await nativePool(ctx.em);
  const seen = new Set<string>();
  const readChunk = async (after: number) => {
    const staged = await rows<StagedRow & { row_no: number }>(
      pool,
      `select row_no, cardinality(cells) as values, cells[?] as phone, cells[?] as name
       from contact_import_rows where import_id = ? and row_no > ? order by row_no limit ?`,
      [mapping.phone_index + 1, mapping.name_index === null ? 0 : mapping.name_index + 1, row.id, after, CHUNK_ROWS],
    );
    return prepareChunk(pool, row.organization_id, staged.map((r) => ({ rowNo: r.row_no, outcome: classifyImportRow(r, columns, seen) })));
  };
  const staged = await one<{ n: number }>(pool, 'select count(*)::int as n from contact_import_rows where import_id = ?', [row.id]);
  if (staged?.n !== row.rows) {
    throw new DomainError('import_not_ready', 'The uploaded rows were lost (the database restarted since the upload); upload the file again.');
  }
  await nativeTransaction(pool, async (tx) => {
    let next = readChunk(0);
    for (;;) {
      const chunk = await next;
      if (chunk.size === 0) break;
      next = readChunk(chunk.lastRowNo);
      // The read in flight must not go unobserved if applying this chunk fails.
      next.catch(() => {});
      await applyChunk(tx, ctx.now, row, mapping, chunk, counts);
      await saveCounts(pool, row.id, counts);
    }
    await saveCounts(tx, row.id, counts);
    await exec(tx, "update contact_imports set state = 'completed', completed_at = ?, expires_at = ? where id = ?", [
      ctx.now,
      new Date((row.uploaded_at ?? row.created_at).getTime() + RETENTION_MS),
      row.id,
    ]);
    await addEvents(tx, ctx.now, [importEvent(row, 'completed')]);
    if (counts.consent_recorded > 0 && mapping.requested_by) {
      await insertAudit(tx, ctx.now, { actorType: 'member', actorId: mapping.requested_by }, {
        organizationId: row.organization_id,
        action: 'consent.recorded',
        targetType: 'contact_import',
        targetId: row.id,
        details: { contacts: counts.consent_recorded, note: (row.consent as { note?: string } | null)?.note ?? null },
      });
    }
  });
  await keepOnlyPhoneCells(pool, row.id);
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

async function failAll(ctx: Ctx, row: ImportRow, err: unknown): Promise<void> {
  const error = err instanceof DomainError ? { code: err.code, message: err.message } : { code: 'processing_failed', message: 'The import could not be processed.' };
  await inTransaction(ctx, async (tx) => {
    await saveCounts(tx.em, row.id, zeroCounts());
    await exec(tx.em, "update contact_imports set state = 'failed', error = ?::jsonb, completed_at = ?, expires_at = ? where id = ?", [
      JSON.stringify(error),
      tx.now,
      new Date((row.uploaded_at ?? row.created_at).getTime() + RETENTION_MS),
      row.id,
    ]);
    await addEvents(tx.em, tx.now, [importEvent(row, 'failed')]);
  });
  await keepOnlyPhoneCells(ctx.em, row.id);
}

/** contact_import.completed|failed, written with the import's final state. */
export function importEvent(row: Pick<ImportRow, 'organization_id' | 'id'>, state: 'completed' | 'failed'): OutboxEvent {
  return { organizationId: row.organization_id, type: `contact_import.${state}`, data: { id: row.id, state } };
}

/** Runs the job; on its last attempt a failure ends the import as failed instead of retrying. */
export async function runImport(deps: Deps, importId: string, lastAttempt: boolean): Promise<void> {
  const ctx = await newCtx(deps);
  const row = await one<ImportRow>(ctx.em, 'select * from contact_imports where id = ?', [importId]);
  if (!row || (row.state !== 'queued' && row.state !== 'processing')) return;
  await exec(ctx.em, "update contact_imports set state = 'processing', started_at = coalesce(started_at, ?) where id = ?", [ctx.now, importId]);
  await saveCounts(ctx.em, importId, zeroCounts());
  try {
    await processAll(ctx, row);
  } catch (err) {
    if (!lastAttempt) throw err;
    await failAll(ctx, row, err);
  }
}
