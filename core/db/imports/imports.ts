// Contact imports: their rows found, listed and queued, and what callers read of their staged rows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { UUID_RE } from '../ids.ts';
import { exec, keysetRows, one, rows } from '../sql.ts';
import { addJob } from '../jobs/add-job.ts';

export const IMPORT_COUNTS = ['processed', 'created', 'existing', 'duplicate', 'invalid', 'opted_out', 'consent_recorded'] as const;
export type ImportCounts = Record<(typeof IMPORT_COUNTS)[number], number>;

export interface ImportRow extends ImportCounts {
  id: string;
  organization_id: string;
  state: 'uploading' | 'uploaded' | 'queued' | 'processing' | 'completed' | 'failed' | 'expired';
  filename: string | null;
  delimiter: string | null;
  columns: string[] | null;
  rows: number;
  bytes: string;
  counted: boolean;
  error: Record<string, unknown> | null;
  mapping: Record<string, unknown> | null;
  consent: Record<string, unknown> | null;
  group_id: string | null;
  created_at: Date;
  uploaded_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  expires_at: Date | null;
  purged_at: Date | null;
}

/** One of the organization's imports; an id that is not a uuid names none. */
export async function findImport(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<ImportRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  return one<ImportRow>(em, `select * from contact_imports where id = ? and organization_id = ?${options.lock ? ' for update' : ''}`, [id, organizationId]);
}

/** An import by its id alone, for the job that processes it. */
export async function findImportById(em: EntityManager, id: string): Promise<ImportRow | undefined> {
  return one<ImportRow>(em, 'select * from contact_imports where id = ?', [id]);
}

/** A keyset page of the organization's imports, newest first, with one more row than the limit. */
export async function findImports(em: EntityManager, organizationId: string, page: { before: string | undefined; limit: number }): Promise<ImportRow[]> {
  return keysetRows<ImportRow>(em, { table: 'contact_imports', organizationId, before: page.before, limit: page.limit });
}

/** Whether another import of the organization is being uploaded, waits for processing or is processed. */
export async function importInProgress(em: EntityManager, organizationId: string): Promise<boolean> {
  const busy = await one(em, "select 1 from contact_imports where organization_id = ? and state in ('uploading', 'queued', 'processing')", [organizationId]);
  return busy !== undefined;
}

/** The import's columns, group and consent chosen, and its processing job queued. */
export async function queueImport(
  em: EntityManager,
  id: string,
  choice: { mapping: Record<string, unknown>; consent: Record<string, unknown> | null; groupId: string | null },
): Promise<void> {
  await exec(em, "update contact_imports set state = 'queued', mapping = ?::jsonb, consent = ?::jsonb, group_id = ? where id = ?", [
    JSON.stringify(choice.mapping),
    choice.consent ? JSON.stringify(choice.consent) : null,
    choice.groupId,
    id,
  ]);
  // Queued in the same transaction: the job exists exactly when the import says queued.
  await addJob(em, { task: 'process_contact_import', payload: { importId: id }, jobKey: `contact-import:${id}`, maxAttempts: 3 });
}

/** The first staged rows as they were read, while their cells are kept. */
export async function sampleRows(em: EntityManager, importId: string, limit: number): Promise<string[][]> {
  const found = await rows<{ cells: string[] }>(em, 'select cells from contact_import_rows where import_id = ? and cells is not null order by row_no limit ?', [importId, limit]);
  return found.map((r) => r.cells);
}

export interface InvalidRow {
  row_no: number;
  line: number;
  phone_cell: string | null;
  reason: string | null;
}

/** A page of the import's invalid rows after a row number, in file order. */
export async function invalidRowsAfter(em: EntityManager, importId: string, after: number, limit: number): Promise<InvalidRow[]> {
  return rows<InvalidRow>(
    em,
    "select row_no, line, phone_cell, reason from contact_import_rows where import_id = ? and outcome = 'invalid' and row_no > ? order by row_no limit ?",
    [importId, after, limit],
  );
}
