// The inputs of contact fields that the browser checks too: a field's name, a contact's values, the search by value.
// Imports only zod and core/domain, so that the dashboard's forms can import it.
import { z } from 'zod';
import { MAX_CONTACT_FIELDS, MAX_FIELD_VALUE, fieldNameProblem, tidyFieldName } from '../domain/contact-fields.ts';

const ZUuid = z.uuid().transform((id) => id.toLowerCase());

export const ZContactFieldName = z
  .string()
  .max(200)
  .transform(tidyFieldName)
  .superRefine((name, ctx) => {
    const problem = fieldNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZDefineContactFieldBody = z.strictObject({ name: ZContactFieldName });
export type TDefineContactFieldBody = z.infer<typeof ZDefineContactFieldBody>;

export const ZRenameContactFieldBody = z.strictObject({ name: ZContactFieldName });
export type TRenameContactFieldBody = z.infer<typeof ZRenameContactFieldBody>;

/** A value to keep, or null (or an empty text) to clear it. */
export const ZContactFieldValue = z.string().trim().max(MAX_FIELD_VALUE).nullable();

export const ZSetContactFieldValuesBody = z.strictObject({
  values: z
    .array(z.strictObject({ field_id: ZUuid, value: ZContactFieldValue }))
    .min(1)
    .max(MAX_CONTACT_FIELDS)
    .describe('A field named twice takes its last value.'),
});
export type TSetContactFieldValuesBody = z.infer<typeof ZSetContactFieldValuesBody>;

/** The list's filter by a field's value: equal to it (ignoring case) or containing it. */
export const ZContactFieldFilter = z.object({
  field_id: ZUuid.optional(),
  field_value: z.string().trim().min(1).max(MAX_FIELD_VALUE).optional(),
  field_match: z.enum(['equals', 'contains']).default('equals'),
});
