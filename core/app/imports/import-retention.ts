// Time-driven import changes: stale uploads fail, unprocessed uploads expire, processed ones are purged.
import type { Ctx } from '../context.ts';
import { keepOnlyPhoneCells } from '../../db/imports/processing.ts';
import { deleteStagedRows, expireUnprocessed, failStaleUploads, purgeProcessed, unsweptImports } from '../../db/imports/retention.ts';
import { RETENTION_MS, STALE_UPLOAD_MS } from './import-limits.ts';
import { importEvent } from './run-import.ts';
import { inTransaction } from '../context.ts';
import { addEvents } from '../../db/messages/outbox.ts';

export async function applyImportRetention(ctx: Ctx) {
  const staleBefore = new Date(ctx.now.getTime() - STALE_UPLOAD_MS);
  const stale = await inTransaction(ctx, async (tx) => {
    const failed = await failStaleUploads(tx.em, staleBefore, RETENTION_MS);
    await addEvents(tx.em, tx.now, failed.map((row) => importEvent(row, 'failed')));
    return failed;
  });
  const expired = await expireUnprocessed(ctx.em, ctx.now);
  // After processing, rows, header and file name go at 30 days after the upload; the counts stay.
  const purged = await purgeProcessed(ctx.em, ctx.now);
  for (const { id } of await unsweptImports(ctx.em)) await keepOnlyPhoneCells(ctx.em, id);
  const gone = [...stale, ...expired, ...purged].map((r) => r.id);
  if (gone.length) await deleteStagedRows(ctx.em, gone);
  return { imports_failed_stale: stale.length, imports_expired: expired.length, imports_purged: purged.length };
}
