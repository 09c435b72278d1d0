// The report of an import's invalid rows: line, phone cell and the reason, read page by page.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { invalidRowsAfter } from '../../db/imports/imports.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { requireImport } from './import-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

/**
 * The header line says why a phone cell may start with an apostrophe: the note sits in the phone column's own
 * header cell, so the file keeps one header and three columns on every line and still opens as CSV anywhere.
 */
export const FORMULA_NOTE = "a ' was put before cells starting with = + - or @ so that spreadsheets do not run them as formulas";
export const REPORT_HEADER = ['line', `phone (${FORMULA_NOTE})`, 'reason'];
const PAGE = 5000;

export async function invalidRowsReport(ctx: Ctx, actor: TenantActor, id: string) {
  if (!canSeeNumbers(actor)) throw new DomainError('forbidden', 'The report shows phone cells as written and needs contacts.read.');
  const row = await requireImport(ctx, actor.organizationId, id);
  if (row.state !== 'completed' && row.state !== 'failed') {
    throw new DomainError('import_not_ready', `The report exists once the import is processed; this one is ${row.state}.`);
  }
  async function* lines(): AsyncGenerator<string[]> {
    for (let after = 0; ; ) {
      const page = await invalidRowsAfter(ctx.em, row.id, after, PAGE);
      for (const r of page) yield [String(r.line), r.phone_cell ?? '', r.reason ?? ''];
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.row_no;
    }
  }
  return { filename: `import-${row.id}-invalid-rows.csv`, purged: row.purged_at !== null, lines: lines() };
}
