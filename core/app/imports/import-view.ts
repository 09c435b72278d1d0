// Contact import rows and their public shape.
import type { Ctx } from '../context.ts';
import { findOwned } from '../find-owned.ts';
import { iso } from '../../db/sql.ts';

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

export function findImport(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<ImportRow> {
  return findOwned<ImportRow>(ctx, { table: 'contact_imports', noun: 'contact import' }, organizationId, id, lock);
}

export function importView(row: ImportRow) {
  return {
    id: row.id,
    state: row.state,
    filename: row.filename,
    delimiter: row.delimiter,
    columns: row.columns,
    rows: row.rows,
    bytes: Number(row.bytes),
    error: row.error,
    mapping: row.mapping,
    consent: row.consent,
    group_id: row.group_id,
    counts: Object.fromEntries(IMPORT_COUNTS.map((k) => [k, row[k]])) as ImportCounts,
    created_at: iso(row.created_at),
    uploaded_at: iso(row.uploaded_at),
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    expires_at: iso(row.expires_at),
    purged_at: iso(row.purged_at),
  };
}
