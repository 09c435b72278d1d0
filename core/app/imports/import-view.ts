// Contact imports' public shape, and the import or 404.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { IMPORT_COUNTS, findImport, type ImportCounts, type ImportRow } from '../../db/imports/imports.ts';

export { IMPORT_COUNTS };
export type { ImportCounts, ImportRow };

export async function requireImport(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<ImportRow> {
  const row = await findImport(ctx.em, organizationId, id, { lock });
  if (!row) throw new DomainError('not_found', `No contact import has the id ${id}.`);
  return row;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

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
