// The inputs every area shares: record ids, keyset pages and instants.
import { z } from 'zod';

/** A uuid in the form the database returns it (lower case), whatever case the caller wrote. */
export const ZId = z.uuid().transform((id) => id.toLowerCase());

export const ZPage = z.strictObject({
  before: z.uuid({ message: 'before must be the next_before of the previous page (a uuid)' }).transform((id) => id.toLowerCase()).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TPage = z.infer<typeof ZPage>;

/** An instant in RFC 3339 with its offset, as a Date. */
export const ZTimestamp = z.iso.datetime({ offset: true, message: 'a timestamp in RFC 3339 with an offset' }).transform((s) => new Date(s));
