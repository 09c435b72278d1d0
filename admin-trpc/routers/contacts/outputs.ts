// The address book's answers, as REST's `data` holds them: contacts, pages of them, deletions.
import { z } from 'zod';

/** An ISO 8601 instant, null where the thing has not happened. */
export const ZInstant = z.string().nullable();

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
  created_at: ZInstant,
  updated_at: ZInstant,
});

export const ZContactAnswer = z.strictObject({ contact: ZContact });
export const ZContactPage = z.strictObject({ contacts: z.array(ZContact), next_before: z.string().nullable() });
export const ZDeleted = z.strictObject({ id: z.string(), deleted: z.boolean() });

/** Added to the answer of a call that takes an idempotency key: whether it repeats an earlier answer. */
export const ZReplay = { replay: z.boolean() };
