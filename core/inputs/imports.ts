// The inputs of contact imports that the browser checks too: the processing request (columns, consent, fields, group).
// Imports only zod, core/domain and the other inputs, so that the dashboard's forms can import it.
import { z } from 'zod';
import { ZId } from './common.ts';
import { CONSENT_COLUMN_RULE, WHOLE_FILE_CONSENT_PHRASES } from '../domain/import-consent.ts';
import { MAX_CONTACT_FIELDS } from '../domain/contact-fields.ts';
import { ZContactFieldName } from './contacts.ts';

const ZColumn = z.string().min(1).max(500);
const ZNote = z.string().trim().min(1).max(500);

/** Consent for every row of the file: only with the phrase the member typed (checked by the use case, which names it). */
export const ZWholeFileConsent = z
  .strictObject({
    note: ZNote.describe('How the people of this file gave their consent; kept in each consent record.'),
    confirmation: z
      .string()
      .max(100)
      .optional()
      .describe(`Typed by the member to record consent for every row: exactly ${WHOLE_FILE_CONSENT_PHRASES.map((p) => `"${p}"`).join(' or ')}.`),
  })
  .describe('Consent for every row of the file, an explicit choice confirmed by a typed phrase; not with consent_column.');

/**
 * An extra column of the file kept as a contact field: an existing field (field_id) or a new one the import
 * creates (new_field), exactly one of them (the use case names the one at fault). One shape rather than a union,
 * so that a refusal names a field and the OpenAPI document shows one object.
 */
export const ZFieldColumn = z.strictObject({ column: ZColumn, field_id: ZId.optional(), new_field: ZContactFieldName.optional() });
export type TFieldColumn = z.infer<typeof ZFieldColumn>;

export const ZProcessImportBody = z
  .strictObject({
    phone_column: ZColumn,
    name_column: ZColumn.nullable().optional(),
    consent_column: ZColumn.nullable().optional().describe(`The column saying, row by row, whether the person consented. ${CONSENT_COLUMN_RULE}`),
    consent_note: ZNote.nullable().optional().describe('Only with consent_column: how the consent in that column was collected, kept in each consent record.'),
    consent: ZWholeFileConsent.nullable().optional(),
    field_columns: z
      .array(ZFieldColumn)
      .max(MAX_CONTACT_FIELDS)
      .default([])
      .describe(`Extra columns kept as contact fields: {column, field_id} for a field of the organization, {column, new_field} to create one (at most ${MAX_CONTACT_FIELDS} fields per organization).`),
    ignored_columns: z
      .array(ZColumn)
      .max(50)
      .default([])
      .describe('Columns deliberately left out. A column neither mapped nor ignored is listed in the import mapping\'s unmapped_columns.'),
    group_id: ZId.nullable().optional(),
    group_name: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .refine((b) => !(b.group_id && b.group_name), { message: 'send group_id or group_name, not both', path: ['group_name'] })
  .refine((b) => !(b.consent && b.consent_column), { message: 'consent comes from a column or is given for the whole file, not both', path: ['consent'] });
export type TProcessImportBody = z.infer<typeof ZProcessImportBody>;
