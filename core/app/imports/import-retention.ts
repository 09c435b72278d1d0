// Time-driven import changes: stale uploads fail, unprocessed uploads expire, processed ones are purged.
import type { Ctx } from '../context.ts';
import { rows } from '../../db/sql.ts';
import { RETENTION_MS, STALE_UPLOAD_MS } from './import-limits.ts';
import { importEvent, keepOnlyPhoneCells } from './run-import.ts';
import { inTransaction } from '../context.ts';
import { addEvents } from '../../db/messages/outbox.ts';

export async function applyImportRetention(ctx: Ctx) {
  const staleBefore = new Date(ctx.now.getTime() - STALE_UPLOAD_MS);
  const stale = await inTransaction(ctx, async (tx) => {
    const failed = await rows<{ id: string; organization_id: string }>(
      tx.em,
      `update contact_imports set state = 'failed', rows = 0, expires_at = created_at + ? * interval '1 millisecond',
         error = '{"code":"interrupted","message":"The upload did not arrive in full."}'::jsonb
       where state = 'uploading' and created_at <= ? returning id, organization_id`,
      [RETENTION_MS, staleBefore],
    );
    await addEvents(tx.em, tx.now, failed.map((row) => importEvent(row, 'failed')));
    return failed;
  });
  const expired = await rows<{ id: string }>(
    ctx.em,
    "update contact_imports set state = 'expired' where state = 'uploaded' and expires_at <= ? returning id",
    [ctx.now],
  );
  // After processing, rows, header and file name go at 30 days after the upload; the counts stay.
  const purged = await rows<{ id: string }>(
    ctx.em,
    `update contact_imports set columns = null, filename = null, purged_at = ?
     where state in ('completed', 'failed', 'expired') and purged_at is null and expires_at <= ? returning id`,
    [ctx.now, ctx.now],
  );
  const unswept = await rows<{ id: string }>(
    ctx.em,
    "select id from contact_imports where state in ('completed', 'failed') and not cells_cleared and purged_at is null",
  );
  for (const { id } of unswept) await keepOnlyPhoneCells(ctx.em, id);
  const gone = [...stale, ...expired, ...purged].map((r) => r.id);
  if (gone.length) await rows(ctx.em, 'delete from contact_import_rows where import_id in (?) returning 1', [gone]);
  return { imports_failed_stale: stale.length, imports_expired: expired.length, imports_purged: purged.length };
}
