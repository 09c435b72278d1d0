// What the address book's contact calls take: a contact, its changes, its fields' values and the list's search.
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '../domain/phone.ts';
import { MAX_CONTACT_FIELDS, MAX_FIELD_VALUE, fieldNameProblem, tidyFieldName } from '../domain/contact-fields.ts';
import { ZId, ZPage } from './common.ts';

export const ZContactName = z.string().trim().max(100);

export const ZConsentInput = z.strictObject({ note: z.string().trim().min(1).max(500) });

export const ZCreateContactBody = z.strictObject({
  phone: z.string().max(40),
  name: ZContactName.nullable().optional(),
  consent: ZConsentInput.nullable().optional(),
  group_ids: z.array(ZId).max(500).default([]),
});
export type TCreateContactBody = z.infer<typeof ZCreateContactBody>;

export const ZUpdateContactBody = z.strictObject({
  name: ZContactName.nullable().optional(),
  /** An object records consent when none exists (an existing record is kept); null withdraws it. */
  consent: ZConsentInput.nullable().optional(),
});
export type TUpdateContactBody = z.infer<typeof ZUpdateContactBody>;

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
    .array(z.strictObject({ field_id: ZId, value: ZContactFieldValue }))
    .min(1)
    .max(MAX_CONTACT_FIELDS)
    .describe('A field named twice takes its last value.'),
});
export type TSetContactFieldValuesBody = z.infer<typeof ZSetContactFieldValuesBody>;

/** The list's filter by a field's value: equal to it (ignoring case) or containing it. */
export const ZContactFieldFilter = z.object({
  field_id: ZId.optional(),
  field_value: z.string().trim().min(1).max(MAX_FIELD_VALUE).optional(),
  field_match: z.enum(['equals', 'contains']).default('equals'),
});

export const ZListContactsQuery = ZPage.extend({
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  group_id: ZId.optional(),
  ...ZContactFieldFilter.shape,
});
export type TListContactsQuery = z.infer<typeof ZListContactsQuery>;
