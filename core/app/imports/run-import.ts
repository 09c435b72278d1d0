// The processing of an import (a worker job): every row classified, the address book changed in one transaction.
import type { Ctx, Deps } from '../context.ts';
import { inTransaction, newCtx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_PHONE_CELL, classifyImportRow, type StagedRow } from '../../domain/import-rows.ts';
import { exec, one, rows } from '../../db/sql.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ImportCounts, ImportRow } from './import-view.ts';
import { IMPORT_COUNTS } from './import-view.ts';
import { RETENTION_MS } from './import-limits.ts';
import { applyChunk, type Mapping } from './apply-import-chunk.ts';

const CHUNK_ROWS = 5000;

const zeroCounts = (): ImportCounts => Object.fromEntries(IMPORT_COUNTS.map((k) => [k, 0])) as ImportCounts;

async function saveCounts(ctx: Ctx, importId: string, counts: ImportCounts): Promise<void> {
  await exec(ctx.em, `update contact_imports set ${IMPORT_COUNTS.map((k) => `${k} = ?`).join(', ')} where id = ?`, [
    ...IMPORT_COUNTS.map((k) => counts[k]),
    importId,
  ]);
}

/**
 * All or nothing: a job that dies half way rolls back and starts again, so no group is ever half
 * filled. Counts are written on another connection after each chunk so that callers can follow them.
 */
async function processAll(ctx: Ctx, row: ImportRow): Promise<void> {
  const mapping = row.mapping as unknown as Mapping;
  const columns = row.columns?.length ?? 0;
  const counts = zeroCounts();
  const progress: Ctx = { ...ctx, em: ctx.deps.orm.em.fork() };
  await inTransaction(ctx, async (tx) => {
    const seen = new Set<string>();
    for (let after = 0; ; ) {
      // Only the cells processing needs leave the database (array subscripts are 1-based).
      const chunk = await rows<StagedRow & { row_no: number }>(
        tx.em,
        `select row_no, cardinality(cells) as values, cells[?] as phone, cells[?] as name
         from contact_import_rows where import_id = ? and row_no > ? order by row_no limit ?`,
        [mapping.phone_index + 1, mapping.name_index === null ? 0 : mapping.name_index + 1, row.id, after, CHUNK_ROWS],
      );
      if (chunk.length === 0) break;
      after = chunk[chunk.length - 1]!.row_no;
      const classified = chunk.map((r) => ({ rowNo: r.row_no, outcome: classifyImportRow(r, columns, seen) }));
      await applyChunk(tx, row, mapping, classified, counts);
      await saveCounts(progress, row.id, counts);
    }
    // Only the phone cell of each row stays, until the import is purged.
    await exec(tx.em, 'update contact_import_rows set phone_cell = left(cells[?], ?), cells = null where import_id = ?', [mapping.phone_index + 1, MAX_PHONE_CELL, row.id]);
    await saveCounts(tx, row.id, counts);
    await exec(tx.em, "update contact_imports set state = 'completed', completed_at = ?, expires_at = ? where id = ?", [
      tx.now,
      new Date((row.uploaded_at ?? row.created_at).getTime() + RETENTION_MS),
      row.id,
    ]);
    if (counts.consent_recorded > 0 && mapping.requested_by) {
      await recordAudit(tx, { actorType: 'member', actorId: mapping.requested_by }, {
        organizationId: row.organization_id,
        action: 'consent.recorded',
        targetType: 'contact_import',
        targetId: row.id,
        details: { contacts: counts.consent_recorded, note: (row.consent as { note?: string } | null)?.note ?? null },
      });
    }
  });
}

async function failAll(ctx: Ctx, row: ImportRow, err: unknown): Promise<void> {
  const error = err instanceof DomainError ? { code: err.code, message: err.message } : { code: 'processing_failed', message: 'The import could not be processed.' };
  const phoneIndex = (row.mapping as unknown as Mapping | null)?.phone_index ?? 0;
  await exec(ctx.em, 'update contact_import_rows set phone_cell = left(cells[?], ?), cells = null where import_id = ? and cells is not null', [phoneIndex + 1, MAX_PHONE_CELL, row.id]);
  await saveCounts(ctx, row.id, zeroCounts());
  await exec(ctx.em, "update contact_imports set state = 'failed', error = ?::jsonb, completed_at = ?, expires_at = ? where id = ?", [
    JSON.stringify(error),
    ctx.now,
    new Date((row.uploaded_at ?? row.created_at).getTime() + RETENTION_MS),
    row.id,
  ]);
}

/** Runs the job; on its last attempt a failure ends the import as failed instead of retrying. */
export async function runImport(deps: Deps, importId: string, lastAttempt: boolean): Promise<void> {
  const ctx = await newCtx(deps);
  const row = await one<ImportRow>(ctx.em, 'select * from contact_imports where id = ?', [importId]);
  if (!row || (row.state !== 'queued' && row.state !== 'processing')) return;
  await exec(ctx.em, "update contact_imports set state = 'processing', started_at = coalesce(started_at, ?) where id = ?", [ctx.now, importId]);
  await saveCounts(ctx, importId, zeroCounts());
  try {
    await processAll(ctx, row);
  } catch (err) {
    if (!lastAttempt) throw err;
    await failAll(ctx, row, err);
  }
}
