// The first rows of an upload as they were read, for members who may see full numbers.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { rows } from '../../db/sql.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import type { ImportRow } from './import-view.ts';

export const SAMPLE_ROWS = 10;

/** Rows as arrays of strings; null for callers without contacts.read, empty once only phone cells are kept. */
export async function importSample(ctx: Ctx, actor: TenantActor, row: ImportRow): Promise<string[][] | null> {
  if (!canSeeNumbers(actor)) return null;
  const found = await rows<{ cells: string[] }>(
    ctx.em,
    'select cells from contact_import_rows where import_id = ? and cells is not null order by row_no limit ?',
    [row.id, SAMPLE_ROWS],
  );
  return found.map((r) => r.cells);
}
