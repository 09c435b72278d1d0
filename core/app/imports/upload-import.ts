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
import { lockOrganization } from '../../db/lock-order.ts';
import { importInProgress } from '../../db/imports/imports.ts';
import { failUpload, insertUpload, keptRowCount, markCounted, markUploaded, stageRows, uploadsSince, type StagingRow } from '../../db/imports/upload.ts';
import { parseWith } from '../validation.ts';
import { importView, requireImport } from './import-view.ts';
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
    await lockOrganization(tx.em, actor.organizationId);
    if (await importInProgress(tx.em, actor.organizationId)) throw new DomainError('import_in_progress', 'Another import of this organization is being uploaded or processed; wait for it to finish.');
    const dayAgo = new Date(tx.now.getTime() - 86_400_000);
    const today = await uploadsSince(tx.em, actor.organizationId, dayAgo);
    if (today.n >= UPLOADS_PER_DAY) {
      const oldest = today.oldestAt;
      const retryAfter = oldest ? Math.max(1, Math.ceil((oldest.getTime() + 86_400_000 - tx.now.getTime()) / 1000)) : 3600;
      throw new DomainError('import_limit_reached', `An organization may upload ${UPLOADS_PER_DAY} files in 24 hours.`, { retryAfter });
    }
    const kept = await keptRowCount(tx.em, actor.organizationId);
    const id = newId();
    await insertUpload(tx.em, { id, organizationId: actor.organizationId, filename, memberId: actor.kind === 'member' ? actor.memberId : null, now: tx.now });
    return { id, keptRows: kept };
  });
}

async function stage(ctx: Ctx, importId: string, batch: StagingRow[]): Promise<void> {
  if (batch.length === 0) return;
  await stageRows(ctx.em, importId, batch);
}

async function receive(ctx: Ctx, importId: string, keptRows: number, body: AsyncIterable<Uint8Array>) {
  const decoder = createUtf8Decoder();
  let batch: StagingRow[] = [];
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
      await markCounted(ctx.em, importId);
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
  await failUpload(ctx.em, importId, error, new Date(ctx.now.getTime() + RETENTION_MS));
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
    await markUploaded(ctx.em, id, {
      delimiter: received.delimiter satisfies Delimiter,
      header: received.header,
      rows: received.rows,
      bytes: received.bytes,
      now: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + UNPROCESSED_TTL_MS),
    });
    const row = await requireImport(ctx, actor.organizationId, id);
    return { import: importView(row), sample: await importSample(ctx, actor, row) };
  } finally {
    release();
  }
}
