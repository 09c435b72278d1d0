// An upload's statements: the import opened, its rows staged in batches, then marked uploaded or failed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, nativePool, one, pgArray } from '../sql.ts';

/** Uploads of the organization that counted towards its quota since a time, and the oldest of them. */
export async function uploadsSince(em: EntityManager, organizationId: string, since: Date): Promise<{ n: number; oldestAt: Date | null }> {
  const today = await one<{ n: number; oldest_at: Date | null }>(
    em,
    'select count(*)::int as n, min(created_at) as oldest_at from contact_imports where organization_id = ? and counted and created_at > ?',
    [organizationId, since],
  );
  return { n: today?.n ?? 0, oldestAt: today?.oldest_at ?? null };
}

/** Rows the organization keeps staged: those of imports neither purged, failed nor expired. */
export async function keptRowCount(em: EntityManager, organizationId: string): Promise<number> {
  const kept = await one<{ n: number }>(
    em,
    "select coalesce(sum(rows), 0)::int as n from contact_imports where organization_id = ? and purged_at is null and state not in ('failed', 'expired')",
    [organizationId],
  );
  return kept?.n ?? 0;
}

export async function insertUpload(em: EntityManager, upload: { id: string; organizationId: string; filename: string; memberId: string | null; now: Date }): Promise<void> {
  await exec(em, "insert into contact_imports (id, organization_id, state, filename, created_by_member_id, created_at) values (?, ?, 'uploading', ?, ?, ?)", [
    upload.id,
    upload.organizationId,
    upload.filename,
    upload.memberId,
    upload.now,
  ]);
}

/** The upload counts towards the day's quota (from its first data row). */
export async function markCounted(em: EntityManager, importId: string): Promise<void> {
  await exec(em, 'update contact_imports set counted = true where id = ?', [importId]);
}

/** A row of the file as read, staged until the import is processed. */
export interface StagingRow {
  row_no: number;
  line: number;
  cells: string[];
}

/** Hot path: straight through the pg pool, since the ORM's query path copies large parameters. */
export async function stageRows(em: EntityManager, importId: string, batch: StagingRow[]): Promise<void> {
  await exec(
    await nativePool(em),
    `insert into contact_import_rows (import_id, row_no, line, cells)
     select ?, r.row_no, r.line, r.cells from jsonb_to_recordset(?::jsonb) as r(row_no int, line int, cells text[])`,
    [importId, JSON.stringify(batch)],
  );
}

/** A failed upload: its staged rows deleted, the error kept until expiresAt. */
export async function failUpload(em: EntityManager, importId: string, error: Record<string, unknown>, expiresAt: Date): Promise<void> {
  await exec(em, 'delete from contact_import_rows where import_id = ?', [importId]);
  await exec(em, "update contact_imports set state = 'failed', error = ?::jsonb, rows = 0, expires_at = ? where id = ?", [JSON.stringify(error), expiresAt, importId]);
}

/** The whole file arrived: its delimiter, header and size, and how long it waits to be processed. */
export async function markUploaded(
  em: EntityManager,
  importId: string,
  upload: { delimiter: string; header: string[]; rows: number; bytes: number; now: Date; expiresAt: Date },
): Promise<void> {
  await exec(
    em,
    `update contact_imports set state = 'uploaded', delimiter = ?, columns = ?::text[], rows = ?, bytes = ?, uploaded_at = ?, expires_at = ?
     where id = ?`,
    [upload.delimiter, pgArray(upload.header), upload.rows, upload.bytes, upload.now, upload.expiresAt, importId],
  );
}
