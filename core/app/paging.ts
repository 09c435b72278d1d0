// Keyset paging shared by every list: before (the last id seen), limit 1 to 100 (default 50).
import { z } from 'zod';

/** A uuid in the form the database returns it (lower case), whatever case the caller wrote. */
export const ZId = z.uuid().transform((id) => id.toLowerCase());

export const ZPage = z.strictObject({
  before: z.uuid({ message: 'before must be the next_before of the previous page (a uuid)' }).transform((id) => id.toLowerCase()).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export type TPage = z.infer<typeof ZPage>;

export function pageOf<T extends { id: string }>(found: T[], limit: number): { items: T[]; nextBefore: string | null } {
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextBefore: found.length > limit && last ? last.id : null };
}

/** A REST page (before, limit) of a walk by id: one row more than the limit tells whether another page follows. */
export async function keysetPage<T extends { id: string }>(query: TPage, find: (walk: { olderThan: string | undefined; limit: number }) => Promise<T[]>) {
  const page = pageOf(await find({ olderThan: query.before, limit: query.limit + 1 }), query.limit);
  return { items: page.items, next_before: page.nextBefore };
}
