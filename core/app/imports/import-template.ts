// The CSV template an organization's members fill in to import contacts: phone, name, consent and its fields.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { TEMPLATE_BASE_COLUMNS } from '../../domain/contact-fields.ts';
import { toCsvLine } from '../../domain/csv-cell.ts';
import { findContactFields } from '../../db/contacts/contact-fields.ts';

export const access: Access = { scopes: [], permission: 'imports.write' };

/**
 * Excel opens a CSV without a byte-order mark in the computer's legacy code page (Windows-1252 on most
 * machines), so a letter outside ASCII typed into the template (Ng’wana, Zuhura, é) came back garbled; with
 * the mark it reads and saves UTF-8. The upload accepts the mark, so the filled-in file goes back as it is.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * Examples in the 0… form (the upload accepts it, and a cell starting with + would be written with an
 * apostrophe against formulas); numbers of the range the project's own examples use.
 */
const EXAMPLES = [
  ['0754000001', 'Asha Mrisho', 'ndiyo'],
  ['0754000002', 'Juma Bakari', 'hapana'],
] as const;

export async function importTemplate(ctx: Ctx, actor: TenantActor): Promise<{ filename: string; content: string }> {
  const fields = await findContactFields(ctx.em, actor.organizationId);
  const blanks = fields.map(() => '');
  const lines = [toCsvLine([...TEMPLATE_BASE_COLUMNS, ...fields.map((f) => f.name)]), ...EXAMPLES.map((example) => toCsvLine([...example, ...blanks]))];
  return { filename: 'contacts-template.csv', content: UTF8_BOM + lines.join('') };
}
