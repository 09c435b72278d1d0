// The first rows of an upload as they were read, for members who may see full numbers.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { sampleRows, type ImportRow } from '../../db/imports/imports.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';

export const SAMPLE_ROWS = 10;

/** Rows as arrays of strings; null for callers without contacts.read, empty once only phone cells are kept. */
export async function importSample(ctx: Ctx, actor: TenantActor, row: ImportRow): Promise<string[][] | null> {
  if (!canSeeNumbers(actor)) return null;
  return sampleRows(ctx.em, row.id, SAMPLE_ROWS);
}
