// The processing of an import (a worker job): every row classified, the address book changed in one transaction.
import type { Ctx, Deps } from '../context.ts';
import { inTransaction, newCtx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { classifyImportRow } from '../../domain/import-rows.ts';
import { applyChunk, prepareChunk, type Mapping } from '../../db/imports/apply-chunk.ts';
import { IMPORT_COUNTS, findImportById, type ImportCounts, type ImportRow } from '../../db/imports/imports.ts';
import {
  countStagedRows,
  importPool,
  inImportTransaction,
  keepOnlyPhoneCells,
  markCompleted,
  markFailed,
  markProcessing,
  readStagedChunk,
  saveCounts,
} from '../../db/imports/processing.ts';
import { insertAudit } from '../audit/record-audit.ts';
import { RETENTION_MS } from './import-limits.ts';
import { addEvents, type OutboxEvent } from '../../db/messages/outbox.ts';

const CHUNK_ROWS = 5000;

const zeroCounts = (): ImportCounts => Object.fromEntries(IMPORT_COUNTS.map((k) => [k, 0])) as ImportCounts;

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
  const pool = await importPool(ctx.em);
  const seen = new Set<string>();
  const readChunk = async (after: number) => {
    const staged = await readStagedChunk(pool, row.id, mapping, after, CHUNK_ROWS);
    return prepareChunk(pool, row, mapping, staged.map((r) => ({ rowNo: r.row_no, line: r.line, outcome: classifyImportRow(r, columns, seen) })));
  };
  if ((await countStagedRows(pool, row.id)) !== row.rows) {
    throw new DomainError('import_not_ready', 'The uploaded rows were lost (the database restarted since the upload); upload the file again.');
  }
  await inImportTransaction(pool, async (tx) => {
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
    await markCompleted(tx, row.id, ctx.now, new Date((row.uploaded_at ?? row.created_at).getTime() + RETENTION_MS));
    await addEvents(tx, ctx.now, [importEvent(row, 'completed')]);
    if (counts.consent_recorded > 0 && mapping.requested_by) {
      await insertAudit(tx, ctx.now, { actorType: 'member', actorId: mapping.requested_by }, {
        organizationId: row.organization_id,
        action: 'consent.recorded',
        targetType: 'contact_import',
        targetId: row.id,
        details: consentAuditDetails(row, mapping, counts.consent_recorded),
      });
    }
  });
  await keepOnlyPhoneCells(pool, row.id);
}

/** What the audit says of the consent an import recorded: how many, and whether from the whole file or a column. */
function consentAuditDetails(row: ImportRow, mapping: Mapping, contacts: number) {
  const wholeFile = row.consent as { note?: string; confirmation?: string } | null;
  if (wholeFile?.note) return { contacts, source: 'whole_file', note: wholeFile.note, confirmation: wholeFile.confirmation ?? null };
  return { contacts, source: 'consent_column', column: mapping.consent_column ?? null, note: mapping.consent_note ?? null };
}

async function failAll(ctx: Ctx, row: ImportRow, err: unknown): Promise<void> {
  const error = err instanceof DomainError ? { code: err.code, message: err.message } : { code: 'processing_failed', message: 'The import could not be processed.' };
  await inTransaction(ctx, async (tx) => {
    await saveCounts(tx.em, row.id, zeroCounts());
    await markFailed(tx.em, row.id, error, tx.now, new Date((row.uploaded_at ?? row.created_at).getTime() + RETENTION_MS));
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
  const row = await findImportById(ctx.em, importId);
  if (!row || (row.state !== 'queued' && row.state !== 'processing')) return;
  await markProcessing(ctx.em, importId, ctx.now);
  await saveCounts(ctx.em, importId, zeroCounts());
  try {
    await processAll(ctx, row);
  } catch (err) {
    if (!lastAttempt) throw err;
    await failAll(ctx, row, err);
  }
}
