// Upload a CSV file: streamed, checked and staged row by row in batches; nothing reaches the address book yet.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { createUtf8Decoder } from '../../domain/utf8.ts';
import { createCsvReader, type Delimiter } from '../../domain/csv-parse.ts';
import { newId } from '../../db/ids.ts';
import { exec, nativePool, one, pgArray } from '../../db/sql.ts';
import { parseWith } from '../validation.ts';
import { findImport, importView } from './import-view.ts';
import { MAX_IMPORT_BYTES, MAX_KEPT_ROWS, RETENTION_MS, UNPROCESSED_TTL_MS, UPLOADS_PER_DAY, takeUploadSlot, tooLarge } from './import-limits.ts';
import { importSample } from './import-sample.ts';

export const access: Access = { scopes: [], permission: 'imports.write' };

export const ZUploadQuery = z.strictObject({
  filename: z
    .string()
    .min(1)
    .max(200)
    .refine((f) => !/[\p{Cc}]/u.test(f), 'a file name without control characters'),
});

export interface Upload {
  filename: unknown;
  contentLength: number | null;
  body: AsyncIterable<Uint8Array>;
}

/** Rows staged per statement: big enough to keep round trips few, small enough to keep memory flat. */
const BATCH_CHARS = 256 * 1024;

async function openImport(ctx: Ctx, actor: TenantActor, filename: string): Promise<{ id: string; keptRows: number }> {
  return inTransaction(ctx, async (tx) => {
    await exec(tx.em, 'select 1 from organizations where id = ? for update', [actor.organizationId]);
    const busy = await one(tx.em, "select 1 from contact_imports where organization_id = ? and state in ('uploading', 'queued', 'processing')", [actor.organizationId]);
    if (busy) throw new DomainError('import_in_progress', 'Another import of this organization is being uploaded or processed; wait for it to finish.');
    const dayAgo = new Date(tx.now.getTime() - 86_400_000);
    const today = await one<{ n: number; oldest_at: Date | null }>(
      tx.em,
      'select count(*)::int as n, min(created_at) as oldest_at from contact_imports where organization_id = ? and counted and created_at > ?',
      [actor.organizationId, dayAgo],
    );
    if ((today?.n ?? 0) >= UPLOADS_PER_DAY) {
      const oldest = today?.oldest_at;
      const retryAfter = oldest ? Math.max(1, Math.ceil((oldest.getTime() + 86_400_000 - tx.now.getTime()) / 1000)) : 3600;
      throw new DomainError('import_limit_reached', `An organization may upload ${UPLOADS_PER_DAY} files in 24 hours.`, { retryAfter });
    }
    const kept = await one<{ n: number }>(
      tx.em,
      "select coalesce(sum(rows), 0)::int as n from contact_imports where organization_id = ? and purged_at is null and state not in ('failed', 'expired')",
      [actor.organizationId],
    );
    const id = newId();
    await exec(tx.em, "insert into contact_imports (id, organization_id, state, filename, created_by_member_id, created_at) values (?, ?, 'uploading', ?, ?, ?)", [
      id,
      actor.organizationId,
      filename,
      actor.kind === 'member' ? actor.memberId : null,
      tx.now,
    ]);
    return { id, keptRows: kept?.n ?? 0 };
  });
}

interface StagedRow {
  row_no: number;
  line: number;
  cells: string[];
}

/** Hot path: straight through the pg pool, since the ORM's query path copies large parameters. */
async function stage(ctx: Ctx, importId: string, batch: StagedRow[]): Promise<void> {
  if (batch.length === 0) return;
  await exec(
    await nativePool(ctx.em),
    `insert into contact_import_rows (import_id, row_no, line, cells)
     select ?, r.row_no, r.line, r.cells from jsonb_to_recordset(?::jsonb) as r(row_no int, line int, cells text[])`,
    [importId, JSON.stringify(batch)],
  );
}

async function receive(ctx: Ctx, importId: string, keptRows: number, body: AsyncIterable<Uint8Array>) {
  const decoder = createUtf8Decoder();
  let batch: StagedRow[] = [];
  let batchChars = 0;
  let rows = 0;
  let bytes = 0;
  let counted = false;
  // One batch is written while the next is read and parsed: the database and the parser overlap.
  let writing: Promise<void> = Promise.resolve();
  const reader = createCsvReader({
    onHeader: () => {},
    onRow: ({ line, cells }) => {
      rows += 1;
      batch.push({ row_no: rows, line, cells });
      for (const c of cells) batchChars += c.length + 4;
    },
  });
  const afterText = async () => {
    // The first data row makes this upload count towards the day's quota.
    if (rows > 0 && !counted) {
      counted = true;
      await exec(ctx.em, 'update contact_imports set counted = true where id = ?', [importId]);
    }
    if (keptRows + rows > MAX_KEPT_ROWS) {
      throw new DomainError('import_limit_reached', `An organization keeps at most ${MAX_KEPT_ROWS} uploaded rows; wait for older imports to be purged.`);
    }
    if (batchChars >= BATCH_CHARS) {
      const full = batch;
      batch = [];
      batchChars = 0;
      await writing;
      writing = stage(ctx, importId, full);
      // A failed write must not go unobserved while the next batch is read.
      writing.catch(() => {});
    }
  };
  try {
    for await (const chunk of body) {
      bytes += chunk.length;
      if (bytes > MAX_IMPORT_BYTES) throw tooLarge(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB.`);
      unwrap(reader.push(unwrap(decoder.decode(chunk))));
      await afterText();
    }
    unwrap(reader.push(unwrap(decoder.end())));
    const summary = unwrap(reader.end());
    await afterText();
    await writing;
    await stage(ctx, importId, batch);
    return { ...summary, bytes };
  } finally {
    // Never leave a write running behind a failure: the caller deletes the rows next.
    await writing.catch(() => {});
  }
}

async function failImport(ctx: Ctx, importId: string, err: unknown): Promise<void> {
  const error = err instanceof DomainError ? { code: err.code, message: err.message, ...(err.details ?? {}) } : { code: 'interrupted', message: 'The upload did not arrive in full.' };
  await exec(ctx.em, 'delete from contact_import_rows where import_id = ?', [importId]);
  await exec(ctx.em, "update contact_imports set state = 'failed', error = ?::jsonb, rows = 0, expires_at = ? where id = ?", [
    JSON.stringify(error),
    new Date(ctx.now.getTime() + RETENTION_MS),
    importId,
  ]);
}

export async function uploadImport(ctx: Ctx, actor: TenantActor, upload: Upload) {
  const { filename } = parseWith(ZUploadQuery, { filename: upload.filename });
  if (upload.contentLength !== null && upload.contentLength > MAX_IMPORT_BYTES) {
    throw tooLarge(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB.`);
  }
  const release = takeUploadSlot();
  try {
    const { id, keptRows } = await openImport(ctx, actor, filename);
    let received: Awaited<ReturnType<typeof receive>>;
    try {
      received = await receive(ctx, id, keptRows, upload.body);
    } catch (err) {
      await failImport(ctx, id, err);
      throw err;
    }
    await exec(
      ctx.em,
      `update contact_imports set state = 'uploaded', delimiter = ?, columns = ?::text[], rows = ?, bytes = ?, uploaded_at = ?, expires_at = ?
       where id = ?`,
      [received.delimiter satisfies Delimiter, pgArray(received.header), received.rows, received.bytes, ctx.now, new Date(ctx.now.getTime() + UNPROCESSED_TTL_MS), id],
    );
    const row = await findImport(ctx, actor.organizationId, id);
    return { import: importView(row), sample: await importSample(ctx, actor, row) };
  } finally {
    release();
  }
}
