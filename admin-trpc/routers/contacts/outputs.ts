// The address book's answers, as REST's `data` holds them: contacts, pages of them, deletions.
import { z } from 'zod';
import { ZInstant, pageOf } from '../../outputs.ts';


export const ZContact = z.strictObject({
  id: z.string(),
  phone: z.string(),
  name: z.string().nullable(),
  consent: z
    .strictObject({
      note: z.string().nullable(),
      source: z.string().nullable(),
      recorded_at: ZInstant,
      recorded_by: z.strictObject({ type: z.string().nullable(), id: z.string().nullable() }),
    })
    .nullable(),
  opted_out: z.boolean(),
  group_ids: z.array(z.string()),
  fields: z.array(z.strictObject({ id: z.string(), name: z.string(), value: z.string() })),
  created_at: ZInstant,
  updated_at: ZInstant,
});

export const ZContactAnswer = z.strictObject({ contact: ZContact });
export const ZContactPage = pageOf('contacts', ZContact);

