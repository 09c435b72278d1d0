// The columns of an import's file as the request maps them: phone, name, consent and fields, each used once; the
// new fields created; and the columns neither mapped nor ignored, reported instead of dropped silently.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { findContactFields } from '../../db/contacts/contact-fields.ts';
import type { TProcessImportBody } from '../../inputs/imports.ts';
import { addContactField } from '../contacts/contact-field-view.ts';

export interface FieldColumn {
  column: string;
  index: number;
  field_id: string;
}

export interface ColumnMapping {
  phone_column: string;
  name_column: string | null;
  consent_column: string | null;
  phone_index: number;
  name_index: number | null;
  consent_index: number | null;
  fields: FieldColumn[];
  ignored_columns: string[];
  unmapped_columns: string[];
}

const refuse = (field: string, message: string) => new DomainError('validation_failed', `${field}: ${message}`, { field });

export async function mapColumns(tx: Ctx, organizationId: string, columns: readonly string[], body: TProcessImportBody): Promise<ColumnMapping> {
  const used = new Map<number, string>();
  const take = (name: string, field: string): number => {
    const index = columns.findIndex((c) => c.trim() === name.trim());
    if (index < 0) throw refuse(field, `the file has no column "${name}" (columns: ${columns.join(', ')}).`);
    const before = used.get(index);
    if (before) throw refuse(field, `the column "${name}" is mapped already by ${before}; map each column once.`);
    used.set(index, field);
    return index;
  };
  const phoneIndex = take(body.phone_column, 'phone_column');
  const nameIndex = body.name_column ? take(body.name_column, 'name_column') : null;
  const consentIndex = body.consent_column ? take(body.consent_column, 'consent_column') : null;
  if (body.consent_note && consentIndex === null) throw refuse('consent_note', 'it describes the consent_column; send it with one.');
  const own = new Set((await findContactFields(tx.em, organizationId)).map((f) => f.id));
  const fields: FieldColumn[] = [];
  for (const [i, mapped] of body.field_columns.entries()) {
    const index = take(mapped.column, `field_columns.${i}.column`);
    let fieldId: string;
    if ((mapped.field_id === undefined) === (mapped.new_field === undefined)) {
      throw refuse(`field_columns.${i}`, 'give field_id (a field of the organization) or new_field (a field to create), one of them.');
    } else if (mapped.field_id !== undefined) {
      if (!own.has(mapped.field_id)) throw refuse(`field_columns.${i}.field_id`, `${mapped.field_id} is not a contact field of this organization.`);
      fieldId = mapped.field_id;
    } else {
      fieldId = (await addContactField(tx, organizationId, mapped.new_field!, `field_columns.${i}.new_field`)).id;
    }
    if (fields.some((f) => f.field_id === fieldId)) throw refuse(`field_columns.${i}`, 'two columns are mapped to the same field.');
    fields.push({ column: columns[index]!, index, field_id: fieldId });
  }
  const ignored = new Set<number>();
  for (const [i, name] of body.ignored_columns.entries()) {
    const index = columns.findIndex((c) => c.trim() === name.trim());
    if (index < 0) throw refuse(`ignored_columns.${i}`, `the file has no column "${name}".`);
    ignored.add(index);
  }
  return {
    phone_column: body.phone_column,
    name_column: body.name_column ?? null,
    consent_column: body.consent_column ?? null,
    phone_index: phoneIndex,
    name_index: nameIndex,
    consent_index: consentIndex,
    fields,
    ignored_columns: columns.filter((_, i) => ignored.has(i) && !used.has(i)),
    unmapped_columns: columns.filter((_, i) => !used.has(i) && !ignored.has(i)),
  };
}
