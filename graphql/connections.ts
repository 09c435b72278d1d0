// Relay paging over keyset walks by id: opaque cursors, pages of at most 100, and both directions.
import { resolveCursorConnection, type DefaultConnectionArguments, type PageInfoShape } from '@pothos/plugin-relay';
import { DomainError } from '../core/domain/errors.ts';
import { ZId } from '../core/app/paging.ts';
import type { IdWalk } from '../core/db/sql.ts';

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;
const PREFIX = 'id:';

export const toCursor = (node: { id: string }) => Buffer.from(PREFIX + node.id).toString('base64url');

/** A cursor this service gave out, or validation_failed naming the argument. */
function idOfCursor(cursor: string, field: 'after' | 'before'): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith(PREFIX) ? ZId.safeParse(text.slice(PREFIX.length)) : null;
  if (!id?.success) throw new DomainError('validation_failed', `${field} must be a cursor of this connection.`, { field });
  return id.data;
}

/**
 * A connection over a walk by id, newest first: `fetch` gets the ids of the cursors as bounds (after: older than,
 * before: newer than), a limit one past the page so that the next page is known, and `ascending` for `last` (the
 * helper turns the page round). first and last are 0 to 100; more is refused, never cut silently.
 */
export function idConnection<T extends { id: string }>(
  args: DefaultConnectionArguments,
  fetch: (walk: IdWalk) => Promise<T[]>,
): Promise<{ edges: { cursor: string; node: T }[]; pageInfo: PageInfoShape }> {
  for (const field of ['first', 'last'] as const) {
    const n = args[field];
    if (n !== null && n !== undefined && (n < 0 || n > MAX_PAGE)) throw new DomainError('validation_failed', `${field} is 0 to ${MAX_PAGE}.`, { field });
  }
  const after = args.after ? idOfCursor(args.after, 'after') : undefined;
  const before = args.before ? idOfCursor(args.before, 'before') : undefined;
  const connection = resolveCursorConnection({ args, toCursor: (node) => toCursor(node as T), defaultSize: DEFAULT_PAGE, maxSize: MAX_PAGE }, ({ limit, inverted }): Promise<T[]> =>
    fetch({ olderThan: after, newerThan: before, limit, ascending: inverted }),
  );
  return connection as Promise<{ edges: { cursor: string; node: T }[]; pageInfo: PageInfoShape }>;
}
