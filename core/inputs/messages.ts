// Inputs of the messages' operations that the dashboard's forms share with the server.
import { z } from 'zod';
import { MAX_SEARCH_LENGTH, recipientSearch } from '../domain/phone.ts';
import { ZEatDay, refineDayRange } from './day-range.ts';

/**
 * A recipient to find: a whole number in any accepted form matches that number; at least four digits match every
 * number that holds them (0754… and +255754… as the start of a number).
 */
export const ZRecipientSearch = z
  .string()
  .max(MAX_SEARCH_LENGTH)
  .transform((text, ctx) => {
    const found = recipientSearch(text);
    if (!found.ok) {
      ctx.addIssue({ code: 'custom', message: found.error.message });
      return z.NEVER;
    }
    return found.value;
  });

/** The messages CSV: the days of creation (EAT), and test or live (a key exports its own mode). */
export const ZMessageExportQuery = z
  .strictObject({ from: ZEatDay, to: ZEatDay, mode: z.enum(['test', 'live']).optional() })
  .superRefine(refineDayRange);
export type TMessageExportQuery = z.infer<typeof ZMessageExportQuery>;
