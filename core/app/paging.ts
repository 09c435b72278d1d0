// Keyset paging shared by every list: before (the last id seen), limit 1 to 100 (default 50).
import type { TPage } from '../inputs/common.ts';

// The page's input schema lives with the other inputs the browser may import; callers of the page helpers find it here too.
export { ZId, ZPage, type TPage } from '../inputs/common.ts';

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
