// Time-driven import statements: stale uploads fail, unprocessed uploads expire, processed ones are purged.
import type { EntityManager } from '@mikro-orm/postgresql';
import { rows } from '../sql.ts';

/** Uploads still uploading since before a time: their process died. Failed, kept for the retention period. */
export async function failStaleUploads(em: EntityManager, staleBefore: Date, retentionMs: number): Promise<{ id: string; organization_id: string }[]> {
  return rows<{ id: string; organization_id: string }>(
    em,
    `update contact_imports set state = 'failed', rows = 0, expires_at = created_at + ? * interval '1 millisecond',
       error = '{"code":"interrupted","message":"The upload did not arrive in full."}'::jsonb
     where state = 'uploading' and created_at <= ? returning id, organization_id`,
    [retentionMs, staleBefore],
  );
}

/** Uploads never processed in time. */
export async function expireUnprocessed(em: EntityManager, now: Date): Promise<{ id: string }[]> {
  return rows<{ id: string }>(em, "update contact_imports set state = 'expired' where state = 'uploaded' and expires_at <= ? returning id", [now]);
}

/** After processing, rows, header and file name go at 30 days after the upload; the counts stay. */
export async function purgeProcessed(em: EntityManager, now: Date): Promise<{ id: string }[]> {
  return rows<{ id: string }>(
    em,
    `update contact_imports set columns = null, filename = null, purged_at = ?
     where state in ('completed', 'failed', 'expired') and purged_at is null and expires_at <= ? returning id`,
    [now, now],
  );
}

/** Processed imports whose cells were never cleared (their process died after the address book committed). */
export async function unsweptImports(em: EntityManager): Promise<{ id: string }[]> {
  return rows<{ id: string }>(em, "select id from contact_imports where state in ('completed', 'failed') and not cells_cleared and purged_at is null");
}

export async function deleteStagedRows(em: EntityManager, importIds: string[]): Promise<void> {
  await rows(em, 'delete from contact_import_rows where import_id in (?) returning 1', [importIds]);
}
